import { useId } from 'react';
import {
  acceptAttribute,
  acceptedMediaText,
  looksAccepted,
  mediaRefusal,
  tooLargeRefusal,
} from '../../contracts/media-constants.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';

type Props = {
  /** The photo shown now: the chosen file's preview, else the saved photo. */
  src: string | null | undefined;
  onChoose: (file: File) => void;
  onRefuse: (message: string) => void;
};

/** The member's photo with the button that adds one, or changes it once there is one, and what it may be. */
export function PhotoPicker({ src, onChoose, onRefuse }: Props) {
  const hintId = useId();
  const maxBytes = usePublicConfig().data?.uploadMaxBytes;
  return (
    <div className={styles.photoRow}>
      <Avatar src={src} size={72} alt="Your photo" />
      <div>
        <label className={styles.fileLabel}>
          {src ? 'Change photo' : 'Add a photo'}
          <input
            type="file"
            accept={acceptAttribute('photo')}
            aria-describedby={hintId}
            className="visually-hidden"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              if (!looksAccepted('photo', file)) return onRefuse(mediaRefusal('photo', maxBytes));
              if (maxBytes !== undefined && file.size > maxBytes) return onRefuse(tooLargeRefusal(maxBytes));
              onChoose(file);
            }}
          />
        </label>
        <p id={hintId} className={styles.hint}>
          {acceptedMediaText('photo', maxBytes)}. Location and camera details are removed.
        </p>
      </div>
    </div>
  );
}
