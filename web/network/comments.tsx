import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Button } from '../ui/button.js';
import { useAddComment, useComments } from './api.js';
import { Avatar } from './avatar.js';
import styles from './network.module.css';
import { Moment } from './moment.js';
import { MentionField } from './mention-field.js';
import { MentionText } from './mention-text.js';
import { Link } from '../lib/routing.js';
import { emptiedIfUnchanged, Form, formValues } from '../ui/form.js';
import { useDrawnAt } from '../lib/drawn-at.js';

/** A post's comment box and its comments, newest first, paged by cursor. */
export function Comments({
  postId,
  commentCount,
  inputRef,
  openAt = null,
}: {
  postId: string;
  commentCount: number;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The comment a notification is about: scrolled to, focused and marked once it is loaded. */
  openAt?: string | null;
}) {
  const comments = useComments(postId, commentCount);
  const addComment = useAddComment(postId);
  const inputId = useId();
  const [text, setText] = useState('');
  // While the box is as the server drew it (the feed's first screen, decision 053), until React has
  // it: Submit waits for no state then, so a tap or an Enter before hydration is held and sent once
  // hydrated (lib/held-input.ts). Once React has it, Submit waits for something typed, as before.
  const asDrawn = useDrawnAt() !== undefined;
  const busy = addComment.isPending;
  const failed = addComment.isError;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form's own value, not the state's: a submit held before hydration comes to this handler
    // as the first render made it, with the state still empty (decision 032's `formValues`).
    const sent = formValues(event.currentTarget, ['comment']).comment;
    const trimmed = sent.trim();
    if (!trimmed) return;
    addComment.mutate(trimmed, {
      onSuccess: () => setText(emptiedIfUnchanged(sent, '')),
      onError: (error) => console.warn('comment failed', error),
    });
  }

  const list = comments.data?.pages.flatMap((page) => page.comments) ?? [];
  const target = useRef<HTMLLIElement>(null);
  const shown = openAt !== null && list.some((comment) => comment.id === openAt);
  useEffect(() => {
    if (!shown) return;
    target.current?.scrollIntoView?.({ block: 'center' });
    target.current?.focus({ preventScroll: true });
  }, [shown]);
  return (
    <div className={styles.comments}>
      <Form className={styles.commentForm} onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>
          Add a comment
        </label>
        <MentionField
          id={inputId}
          name="comment"
          inputRef={inputRef}
          className={styles.commentInput}
          placeholder="Add a comment..."
          maxLength={2000}
          value={text}
          onChange={setText}
        />
        <Button type="submit" size="small" disabled={busy || (!asDrawn && !text.trim())}>
          Submit
        </Button>
      </Form>
      {failed && (
        <p className={styles.errorText} role="alert">
          Could not add the comment. Please try again.
        </p>
      )}
      {comments.isError && <p className={styles.errorText}>Could not load the comments.</p>}
      {list.length > 0 && (
        <ul className={styles.commentList} aria-label="Comments">
          {list.map((comment) => (
            <li
              key={comment.id}
              {...(comment.id === openAt
                ? { ref: target, tabIndex: -1, className: `${styles.comment} ${styles.openedComment}` }
                : { className: styles.comment })}
            >
              <Avatar src={comment.photoURL} size={32} />
              <div className={styles.commentBody}>
                <div className={styles.commentMeta}>
                  <strong>
                    {comment.username ? (
                      <Link to={`/members/${encodeURIComponent(comment.username)}`} className={styles.profileLink}>
                        {comment.username}
                      </Link>
                    ) : (
                      'Anonymous'
                    )}
                  </strong>
                  <Moment iso={comment.timestamp} />
                </div>
                <p>
                  <MentionText text={comment.text} />
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <Button
          variant="ghost"
          size="small"
          onClick={() => void comments.fetchNextPage()}
          disabled={comments.isFetchingNextPage}
        >
          {comments.isFetchingNextPage ? 'Loading...' : 'Show more comments'}
        </Button>
      )}
    </div>
  );
}
