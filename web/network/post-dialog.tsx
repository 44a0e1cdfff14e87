import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { acceptedMediaTypes } from '../../contracts/network-constants.js';
import type { NetworkUser } from '../../contracts/network.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { Modal } from '../ui/modal.js';
import { FormError } from '../ui/states.js';
import { addFeedPost, publishPost } from './api.js';
import { Avatar } from './avatar.js';
import { useFilePreview } from './file-preview.js';
import { MentionField } from './mention-field.js';
import styles from './network.module.css';
import { Form } from '../ui/form.js';

const accepted: readonly string[] = acceptedMediaTypes;

/** Create a Post: text, optional image or video with preview, upload progress; closing or posting resets it. */
export function PostDialog({ me, open, onClose }: { me: NetworkUser; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const textId = useId();
  const [text, setText] = useState('');
  const { file: media, url: preview, choose: setMedia } = useFilePreview();
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  function reset() {
    setText('');
    setMedia(null);
    setError(null);
    setProgress(null);
  }

  function close() {
    if (progress !== null) return;
    reset();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() && !media) {
      setError('Please add content before posting');
      return;
    }
    setError(null);
    setProgress(0);
    try {
      const created = await publishPost(text, media, setProgress);
      addFeedPost(client, created);
      reset();
      onClose();
    } catch (caught) {
      console.warn('post failed', caught);
      setError(errorMessage(caught, 'Could not publish the post. Please try again.'));
      setProgress(null);
    }
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
          maxLength={5000}
          value={text}
          onChange={setText}
        />
        {media && preview && (
          <div className={styles.preview}>
            {media.type.startsWith('video/') ? (
              <video src={preview} controls className={styles.media}>
                <track kind="captions" />
              </video>
            ) : (
              <img src={preview} alt="Preview of the chosen image" className={styles.media} />
            )}
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
              accept={accepted.join(',')}
              onChange={(event) => {
                const file = event.target.files?.[0] ?? null;
                event.target.value = '';
                if (!file || !accepted.includes(file.type)) {
                  setError('Please select a valid image or video file');
                  return;
                }
                setError(null);
                setMedia(file);
              }}
            />
          </label>
          <Button type="submit" disabled={progress !== null}>
            {progress !== null ? 'Posting...' : 'Post'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
