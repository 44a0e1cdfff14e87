import { Avatar } from './avatar.js';
import styles from './network.module.css';

const IMAGE_TYPES = ['image/gif', 'image/jpeg', 'image/png'];

type Props = {
  /** The photo shown now: the chosen file's preview, else the saved photo. */
  src: string | null | undefined;
  onChoose: (file: File) => void;
  onRefuse: (message: string) => void;
};

/** The member's photo with the button that adds one, or changes it once there is one. */
export function PhotoPicker({ src, onChoose, onRefuse }: Props) {
  return (
    <div className={styles.photoRow}>
      <Avatar src={src} size={72} alt="Your photo" />
      <label className={styles.fileLabel}>
        {src ? 'Change photo' : 'Add a photo'}
        <input
          type="file"
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            if (!IMAGE_TYPES.includes(file.type)) {
              onRefuse('Please select a valid image file');
              return;
            }
            onChoose(file);
          }}
        />
      </label>
    </div>
  );
}
