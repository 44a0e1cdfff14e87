import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  acceptAttribute,
  acceptedMediaText,
  looksAccepted,
  mediaRefusal,
  tooLargeRefusal,
} from '../../contracts/media-constants.js';
import { MAX_DESCRIPTION_LENGTH } from '../../contracts/network-constants.js';
import type { NetworkUser } from '../../contracts/network.js';
import { ApiError, errorMessage } from '../lib/http.js';
import { usePublicConfig } from '../lib/public-config.js';
import { Button } from '../ui/button.js';
import { Modal } from '../ui/modal.js';
import { FormError } from '../ui/states.js';
import { addFeedPost, publishPost } from './api.js';
import { Avatar } from './avatar.js';
import { dateTimeWithZone } from './date-time.js';
import { useFilePreview } from './file-preview.js';
import { MentionField } from './mention-field.js';
import { useSuspension } from './suspension.js';
import styles from './network.module.css';
import { Form } from '../ui/form.js';

/** The counter shows from this many characters on (the last 10 %). */
const COUNTER_FROM = MAX_DESCRIPTION_LENGTH * 0.9;

/** What a refused file is called in the composer's question ("Post without the video?"). */
const kindOf = (file: File) =>
  file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'picture' : 'file';

/** The server's answer that it will not take the file (too large, not a photo or video, damaged), not the post. */
const refusesFile = (error: unknown) =>
  error instanceof ApiError && (error.status === 413 || (error.code?.startsWith('MEDIA_') ?? false));

/** Create a Post: text, optional image or video with preview, upload progress; closing or posting resets it. */
export function PostDialog({ me, open, onClose }: { me: NetworkUser; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const textId = useId();
  const mediaHintId = useId();
  const counterId = useId();
  const refusedId = useId();
  const suspendedId = useId();
  const maxBytes = usePublicConfig().data?.uploadMaxBytes;
  // A suspension that starts while the member writes: the draft stays, Post waits, and they are told why.
  const suspension = useSuspension(true).data;
  const [text, setText] = useState('');
  const { file: media, url: preview, choose: setMedia } = useFilePreview();
  // A file the member picked that cannot be posted: Post waits until they choose another or post without it.
  const [refused, setRefused] = useState<{ name: string; kind: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  function reset() {
    setText('');
    setMedia(null);
    setRefused(null);
    setError(null);
    setProgress(null);
  }

  function refuse(file: File, reason: string) {
    setMedia(null);
    setRefused({ name: file.name, kind: kindOf(file) });
    setError(reason);
  }

  function close() {
    if (progress !== null) return;
    reset();
    onClose();
  }

  // Nothing typed or pasted is cut: near the limit a counter says what is left, past it what to remove.
  const over = text.length - MAX_DESCRIPTION_LENGTH;
  const counting = text.length >= COUNTER_FROM;

  const blocked = over > 0 || refused !== null || Boolean(suspension);

  async function publish(withMedia: File | null) {
    if (!text.trim() && !withMedia) {
      setError('Please add content before posting');
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const created = await publishPost(text, withMedia, setProgress);
      addFeedPost(client, created);
      reset();
      onClose();
    } catch (caught) {
      console.warn('post failed', caught);
      setProgress(null);
      if (withMedia && refusesFile(caught)) {
        refuse(withMedia, errorMessage(caught, 'The server did not take the file.'));
        return;
      }
      setError(errorMessage(caught, 'Could not publish the post. Please try again.'));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    void publish(media);
  }

  /** The answer to "Post without the video?": the text goes alone. */
  function postWithout() {
    setRefused(null);
    void publish(null);
  }

  return (
    <Modal title="Create a post" open={open} onClose={close}>
      <Form onSubmit={submit} className={styles.form}>
        <div className={styles.postHeader}>
          <Avatar src={me.photoURL} size={44} />
          <div className={styles.postAuthor}>
            <strong>{me.displayName || 'Unknown User'}</strong>
            <span className={styles.audience}>Anyone</span>
          </div>
        </div>
        <FormError message={error} />
        <label className="visually-hidden" htmlFor={textId}>
          Post text
        </label>
        <MentionField
          id={textId}
          className={styles.textarea}
          placeholder="What's on your mind?"
          rows={5}
          value={text}
          onChange={setText}
        />
        {counting && (
          <p id={counterId} className={over > 0 ? styles.errorText : styles.hint} aria-live="polite">
            {over > 0
              ? `${over.toLocaleString()} ${over === 1 ? 'character' : 'characters'} over the limit of ${MAX_DESCRIPTION_LENGTH.toLocaleString()}: shorten the post to publish it.`
              : `${(-over).toLocaleString()} ${over === -1 ? 'character' : 'characters'} left`}
          </p>
        )}
        {refused && (
          <div id={refusedId} className={styles.preview}>
            <p className={styles.hint}>
              {refused.name} was not added. Choose another {refused.kind}
              {text.trim() ? `, or post without the ${refused.kind}.` : '.'}
            </p>
            {text.trim() && (
              <Button
                variant="secondary"
                size="small"
                onClick={postWithout}
                disabled={progress !== null || over > 0 || Boolean(suspension)}
              >
                Post without the {refused.kind}
              </Button>
            )}
          </div>
        )}
        {suspension && (
          <p id={suspendedId} className={styles.errorText}>
            You cannot post until {dateTimeWithZone(suspension.endsAt)}: your account is suspended. Reason:{' '}
            {suspension.reason}
          </p>
        )}
        {media && preview && (
          <div className={styles.preview}>
            <ChosenMedia file={media} url={preview} />
            <Button variant="ghost" size="small" onClick={() => setMedia(null)} disabled={progress !== null}>
              Remove media
            </Button>
          </div>
        )}
        {progress !== null && (
          <div className={styles.progressRow}>
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        <div className={styles.dialogActions}>
          <label className={styles.fileLabel}>
            Add Media
            <input
              type="file"
              className="visually-hidden"
              accept={acceptAttribute('photo-or-video')}
              aria-describedby={mediaHintId}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!file) return;
                if (!looksAccepted('photo-or-video', file))
                  return refuse(file, mediaRefusal('photo-or-video', maxBytes));
                if (maxBytes !== undefined && file.size > maxBytes) return refuse(file, tooLargeRefusal(maxBytes));
                setError(null);
                setRefused(null);
                setMedia(file);
              }}
            />
          </label>
          <Button
            type="submit"
            disabled={progress !== null || blocked}
            aria-describedby={suspension ? suspendedId : refused ? refusedId : undefined}
          >
            {progress !== null ? 'Posting...' : 'Post'}
          </Button>
        </div>
        <p id={mediaHintId} className={styles.hint}>
          {acceptedMediaText('photo-or-video', maxBytes)}. Location and camera details are removed.
        </p>
      </Form>
    </Modal>
  );
}

/**
 * The chosen file as it will look, or its name when this browser cannot show it (a HEIC photo
 * outside Safari, an HEVC video): the server converts or keeps it, so it can still be posted.
 */
function ChosenMedia({ file, url }: { file: File; url: string }) {
  const [unshown, setUnshown] = useState<string | null>(null);
  const heic = /^image\/hei[cf]$/.test(file.type) || /\.hei[cf]$/i.test(file.name);
  if (unshown === url || heic)
    return (
      <p className={styles.hint}>
        {file.name}: {heic ? 'a HEIC photo, posted as a JPEG.' : 'this browser cannot show a preview.'}
      </p>
    );
  return file.type.startsWith('video/') ? (
    <video src={url} controls className={styles.media} onError={() => setUnshown(url)}>
      <track kind="captions" />
    </video>
  ) : (
    <img src={url} alt="Preview of the chosen image" className={styles.media} onError={() => setUnshown(url)} />
  );
}
