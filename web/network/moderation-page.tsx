import { useId, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import {
  MAX_MODERATION_NOTE_LENGTH,
  MAX_SUSPENSION_DAYS,
  type ModerationAction,
  type ReportReason,
} from '../../contracts/network-moderation-constants.js';
import type { ModerationLogEntry, ReportGroup } from '../../contracts/network-moderation.js';
import type { PublicMember } from '../../contracts/network.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { SelectField, TextField } from '../ui/field.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useMe } from './api.js';
import { useModerationLog, useReportQueue, useResolveReports } from './moderation-api.js';
import styles from './network.module.css';
import { relativeTime } from './relative-time.js';

const reasonNames: Record<ReportReason, string> = {
  spam: 'spam',
  harassment: 'harassment',
  misinformation: 'misinformation',
  other: 'other',
};
const decisions: Record<ModerationAction, string> = {
  dismiss: 'Keep the post (dismiss the reports)',
  remove: 'Remove the post',
  suspend: 'Remove the post and suspend its author',
};
const done: Record<ModerationAction, string> = {
  dismiss: 'kept the post by',
  remove: 'removed the post by',
  suspend: 'removed the post and suspended',
};

const nameOf = (member: PublicMember | null) =>
  member ? member.displayName || member.username || 'a member' : 'a deleted account';

function MemberName({ member }: { member: PublicMember | null }) {
  if (!member?.username) return <>{nameOf(member)}</>;
  return <Link to={`/members/${encodeURIComponent(member.username)}`}>{nameOf(member)}</Link>;
}

/** `/moderation`, for moderators (network admins): the open reports by post, and the log of decisions. */
export default function ModerationPage() {
  const me = useMe();
  if (me.isPending) return <LoadingState />;
  if (me.isError) return <ErrorState message="Could not load your account." onRetry={() => void me.refetch()} />;
  if (!me.data) return <Navigate to="/" replace />;
  if (!me.data.isAdmin) {
    return (
      <main className={styles.notificationsPage}>
        <h1>Moderation</h1>
        <p>Only moderators can see this page.</p>
      </main>
    );
  }
  return (
    <main className={styles.notificationsPage}>
      <h1>Moderation</h1>
      <ReportQueueSection />
      <ModerationLogSection />
    </main>
  );
}

function ReportQueueSection() {
  const queue = useReportQueue();
  const groups = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="reports-heading">
      <h2 id="reports-heading">Reported posts</h2>
      {queue.isPending && <LoadingState text="Loading reports..." />}
      {queue.isError && <ErrorState message="Could not load the reports." onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && groups.length === 0 && (
        <p className={`${styles.card} ${styles.empty}`}>No reports are waiting. Well done.</p>
      )}
      {groups.map((group) => (
        <ReportGroupCard key={group.id} group={group} />
      ))}
      {queue.hasNextPage && (
        <Button variant="secondary" disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
          {queue.isFetchingNextPage ? 'Loading...' : 'More reported posts'}
        </Button>
      )}
    </section>
  );
}

function ReportGroupCard({ group }: { group: ReportGroup }) {
  const notify = useToast();
  const resolve = useResolveReports();
  const headingId = useId();
  const [action, setAction] = useState<ModerationAction>('dismiss');
  const [days, setDays] = useState('1');
  const [note, setNote] = useState('');
  const author = nameOf(group.post.author);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { action, note: note.trim() || undefined, ...(action === 'suspend' ? { days: Number(days) } : {}) };
    resolve.mutate(
      { postId: group.id, body },
      {
        onSuccess: () =>
          notify(
            action === 'dismiss'
              ? 'Reports dismissed: the post stays.'
              : action === 'remove'
                ? 'Post removed.'
                : `Post removed and ${author} suspended.`,
          ),
      },
    );
  }

  return (
    <article className={`${styles.card} ${styles.reportGroup}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {group.count} {group.count === 1 ? 'report' : 'reports'} about a post by{' '}
        <MemberName member={group.post.author} />
      </h3>
      <p className={styles.muted}>
        Posted <time dateTime={group.post.timestamp}>{relativeTime(group.post.timestamp)}</time>, first reported{' '}
        <time dateTime={group.firstReportedAt}>{relativeTime(group.firstReportedAt)}</time>
      </p>
      <blockquote>
        {group.post.description ||
          (group.post.mediaURL
            ? `(a ${group.post.mediaType.startsWith('video/') ? 'video' : 'picture'} without text)`
            : '')}
      </blockquote>
      {group.post.mediaURL && (
        <a href={group.post.mediaURL} target="_blank" rel="noopener noreferrer">
          Open the post's {group.post.mediaType.startsWith('video/') ? 'video' : 'picture'}
        </a>
      )}
      <p>Reasons: {group.reasons.map((entry) => `${reasonNames[entry.reason]} (${entry.count})`).join(', ')}</p>
      <ul className={styles.reportList} aria-label="Latest reports">
        {group.reports.map((report) => (
          <li key={report.id}>
            <MemberName member={report.reporter} />: {reasonNames[report.reason]}
            {report.note && <> — “{report.note}”</>}
          </li>
        ))}
      </ul>
      <form className={styles.resolveForm} onSubmit={submit} aria-label={`Decide about the post by ${author}`}>
        <SelectField
          label="Decision"
          value={action}
          onChange={(event) => setAction(event.target.value as ModerationAction)}
        >
          {(Object.keys(decisions) as ModerationAction[]).map((value) => (
            <option key={value} value={value}>
              {decisions[value]}
            </option>
          ))}
        </SelectField>
        {action === 'suspend' && (
          <TextField
            label="Days suspended"
            type="number"
            min={1}
            max={MAX_SUSPENSION_DAYS}
            step={1}
            required
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        )}
        <TextField
          label={action === 'dismiss' ? 'Reason (optional)' : 'Reason (shown to the author)'}
          required={action !== 'dismiss'}
          maxLength={MAX_MODERATION_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button type="submit" variant={action === 'dismiss' ? 'secondary' : 'danger'} disabled={resolve.isPending}>
          {resolve.isPending ? 'Saving...' : 'Apply'}
        </Button>
      </form>
      <FormError
        message={
          resolve.isError ? errorMessage(resolve.error, 'Could not resolve the reports. Please try again.') : null
        }
      />
    </article>
  );
}

function logText(entry: ModerationLogEntry): string {
  const reasons = entry.reasons.map((reason) => reasonNames[reason]).join(', ');
  return `(${entry.reportCount} ${entry.reportCount === 1 ? 'report' : 'reports'}: ${reasons})`;
}

function ModerationLogSection() {
  const log = useModerationLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="log-heading">
      <h2 id="log-heading">Moderation log</h2>
      {log.isPending && <LoadingState text="Loading the log..." />}
      {log.isError && <ErrorState message="Could not load the moderation log." onRetry={() => void log.refetch()} />}
      {log.isSuccess && entries.length === 0 && <p className={`${styles.card} ${styles.empty}`}>No decisions yet.</p>}
      {entries.length > 0 && (
        <ul className={styles.notificationList} aria-label="Moderation decisions">
          {entries.map((entry) => (
            <li key={entry.id} className={`${styles.card} ${styles.reportGroup}`}>
              <p>
                <MemberName member={entry.moderator} /> {done[entry.action]} <MemberName member={entry.author} />
                {entry.suspendedUntil && (
                  <>
                    {' '}
                    until <time dateTime={entry.suspendedUntil}>{new Date(entry.suspendedUntil).toLocaleString()}</time>
                  </>
                )}{' '}
                <time dateTime={entry.createdAt} className={styles.muted}>
                  {relativeTime(entry.createdAt)}
                </time>
              </p>
              <blockquote>{entry.postExcerpt}</blockquote>
              <p className={styles.muted}>
                {logText(entry)}
                {entry.note && <> Why: {entry.note}</>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading...' : 'Older decisions'}
        </Button>
      )}
    </section>
  );
}
