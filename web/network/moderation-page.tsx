import { useId, useState, type FormEvent } from 'react';
import { Link } from '../lib/routing.js';
import {
  MAX_MODERATION_NOTE_LENGTH,
  MAX_SUSPENSION_DAYS,
  type AppealDecision,
  type LoggedAction,
  type ModerationAction,
  type ReportReason,
} from '../../contracts/network-moderation-constants.js';
import type {
  AppealEntry,
  AuthorHistory,
  ModerationLogEntry,
  ReportGroup,
} from '../../contracts/network-moderation.js';
import type { PublicMember } from '../../contracts/network.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { SelectField, TextField } from '../ui/field.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { dateTimeWithZone } from './date-time.js';
import {
  useAppealQueue,
  useChangeSuspension,
  useModerationLog,
  useReportQueue,
  useResolveReports,
  useUndoRemoval,
} from './moderation-api.js';
import styles from './network.module.css';
import { Moment } from './moment.js';
import { useSignedInMember } from './signed-in.js';

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
const done: Record<LoggedAction, string> = {
  dismiss: 'kept the post by',
  remove: 'removed the post by',
  suspend: 'removed the post and suspended',
  lift: 'lifted the suspension of',
  shorten: 'shortened the suspension of',
  uphold: 'kept, on appeal, the suspension of',
  restore: 'put back the post by',
  uphold_removal: 'kept, on appeal, the removal of the post by',
};

const nameOf = (member: PublicMember | null) =>
  member ? member.displayName || member.username || 'a member' : 'a deleted account';

function MemberName({ member }: { member: PublicMember | null }) {
  if (!member?.username) return <>{nameOf(member)}</>;
  return <Link to={`/members/${encodeURIComponent(member.username)}`}>{nameOf(member)}</Link>;
}

/** `/moderation`, for moderators (network admins): the open reports by post, and the log of decisions. */
export default function ModerationPage() {
  const { member, instead } = useSignedInMember();
  if (!member) return instead;
  if (!member.isAdmin) {
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
      <AppealQueueSection />
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
        Posted <Moment iso={group.post.timestamp} />, first reported <Moment iso={group.firstReportedAt} />
      </p>
      <blockquote>
        {group.post.description ||
          (group.post.mediaURL
            ? `(a ${group.post.mediaType.startsWith('video/') ? 'video' : 'picture'} without text)`
            : '')}
      </blockquote>
      {group.post.mediaURL && <ReportedMedia url={group.post.mediaURL} type={group.post.mediaType} />}
      <p>Reasons: {group.reasons.map((entry) => `${reasonNames[entry.reason]} (${entry.count})`).join(', ')}</p>
      <ul className={styles.reportList} aria-label="Latest reports">
        {group.reports.map((report) => (
          <li key={report.id}>
            <MemberName member={report.reporter} />: {reasonNames[report.reason]}
            {report.note && <> — “{report.note}”</>}
          </li>
        ))}
      </ul>
      <AuthorHistoryView history={group.authorHistory} name={author} />
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
  if (entry.revisesId) return '';
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
                    until <time dateTime={entry.suspendedUntil}>{dateTimeWithZone(entry.suspendedUntil)}</time>
                  </>
                )}{' '}
                <Moment iso={entry.createdAt} className={styles.muted} />
              </p>
              <blockquote>{entry.postExcerpt}</blockquote>
              <p className={styles.muted}>
                {logText(entry)}
                {entry.note && <> Why: {entry.note}</>}
              </p>
              {entry.running && (
                <SuspensionChangeForm
                  target={{ suspensionId: entry.id }}
                  changes={['lift', 'shorten']}
                  label={`Change the suspension of ${nameOf(entry.author)}`}
                />
              )}
              {entry.restorable && <UndoRemovalForm removalId={entry.id} author={nameOf(entry.author)} />}
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

const mediaKind = (type: string) => (type.startsWith('video/') ? 'video' : 'picture');

/** The reported picture or video in the queue itself, blurred until the moderator chooses to see it. */
function ReportedMedia({ url, type }: { url: string; type: string }) {
  const [revealed, setRevealed] = useState(false);
  const kind = mediaKind(type);
  return (
    <div className={styles.reportedMedia}>
      {kind === 'video' ? (
        <video
          className={revealed ? undefined : styles.blurred}
          src={url}
          controls={revealed}
          preload="metadata"
          aria-label={`The reported video${revealed ? '' : ' (blurred)'}`}
        >
          <track kind="captions" />
        </video>
      ) : (
        <img
          className={revealed ? undefined : styles.blurred}
          src={url}
          alt={`The reported picture${revealed ? '' : ' (blurred)'}`}
          loading="lazy"
        />
      )}
      <Button variant="secondary" size="small" aria-pressed={revealed} onClick={() => setRevealed(!revealed)}>
        {revealed ? `Blur the ${kind}` : `Show the ${kind}`}
      </Button>
    </div>
  );
}

const historyAction: Record<LoggedAction, string> = {
  dismiss: 'reports dismissed',
  remove: 'post removed',
  suspend: 'post removed and suspended',
  lift: 'suspension lifted',
  shorten: 'suspension shortened',
  uphold: 'suspension kept on appeal',
  restore: 'removal undone',
  uphold_removal: 'removal kept on appeal',
};

/** What moderators decided about this member before, so a first slip and a pattern are told apart. */
function AuthorHistoryView({ history, name }: { history: AuthorHistory; name: string }) {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  return (
    <section className={styles.history} aria-label={`History of ${name}`}>
      <p>
        <strong>{name}&apos;s history:</strong>{' '}
        {history.recent.length === 0
          ? 'no earlier reports, removals or suspensions.'
          : `${plural(history.reports, 'earlier report', 'earlier reports')}, ${plural(history.removals, 'post removed', 'posts removed')}, ${plural(history.suspensions, 'suspension', 'suspensions')}.`}
      </p>
      {history.recent.length > 0 && (
        <ul aria-label="Latest decisions">
          {history.recent.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt}>{dateTimeWithZone(entry.createdAt)}</time>: {historyAction[entry.action]}{' '}
              (“{entry.postExcerpt}”){entry.note && <> — {entry.note}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const changeNames: Record<AppealDecision, string> = {
  lift: 'Lift the suspension now',
  shorten: 'Shorten the suspension',
  uphold: 'Keep the suspension as it is',
  restore: 'Put the post back',
};
const changeDone: Record<AppealDecision, string> = {
  lift: 'Suspension lifted.',
  shorten: 'Suspension shortened.',
  uphold: 'Suspension kept.',
  restore: 'The post is back.',
};
// A removal's appeal is upheld in its own words: the post stays removed.
const removalChangeNames: Partial<Record<AppealDecision, string>> = { uphold: 'Keep the post removed' };
const removalChangeDone: Partial<Record<AppealDecision, string>> = { uphold: 'Removal kept.' };

/** Undo a removal from the log: the post comes back with its comments and likes; the author is shown the reason. */
function UndoRemovalForm({ removalId, author }: { removalId: string; author: string }) {
  const notify = useToast();
  const undo = useUndoRemoval();
  const [note, setNote] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    undo.mutate({ removalId, body: { note } }, { onSuccess: () => notify('The post is back.') });
  }

  return (
    <>
      <form className={styles.resolveForm} onSubmit={submit} aria-label={`Undo the removal of the post by ${author}`}>
        <TextField
          label="Reason (shown to the author)"
          required
          maxLength={MAX_MODERATION_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button type="submit" variant="secondary" disabled={undo.isPending}>
          {undo.isPending ? 'Saving...' : 'Put the post back'}
        </Button>
      </form>
      <FormError
        message={undo.isError ? errorMessage(undo.error, 'Could not put the post back. Please try again.') : null}
      />
    </>
  );
}

/**
 * Lift, shorten or (on an appeal) keep a suspension, or answer the appeal of a removal (`removal`:
 * keep it, or put the post back), always with the reason the member is shown; `postRemoved` offers
 * to put back the post a suspension removed, in the same decision.
 */
function SuspensionChangeForm({
  target,
  changes,
  label,
  postRemoved = false,
  removal = false,
}: {
  target: { appealId: string } | { suspensionId: string };
  changes: AppealDecision[];
  label: string;
  postRemoved?: boolean;
  removal?: boolean;
}) {
  const notify = useToast();
  const change = useChangeSuspension();
  const [choice, setChoice] = useState<AppealDecision>(changes[0] ?? 'lift');
  const [days, setDays] = useState('1');
  const [note, setNote] = useState('');
  const [restorePost, setRestorePost] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      change: choice,
      note,
      ...(choice === 'shorten' ? { days: Number(days) } : {}),
      ...(postRemoved && restorePost ? { restorePost: true } : {}),
    };
    const done = (removal ? removalChangeDone[choice] : undefined) ?? changeDone[choice];
    const onSuccess = (result: { postRestored: boolean }) =>
      notify(`${done}${result.postRestored && choice !== 'restore' ? ' The post is back.' : ''}`);
    if ('appealId' in target) change.mutate({ appealId: target.appealId, body }, { onSuccess });
    else if (body.change !== 'restore')
      change.mutate({ suspensionId: target.suspensionId, body: { ...body, change: body.change } }, { onSuccess });
  }

  return (
    <>
      <form className={styles.resolveForm} onSubmit={submit} aria-label={label}>
        <SelectField
          label="Decision"
          value={choice}
          onChange={(event) => setChoice(event.target.value as AppealDecision)}
        >
          {changes.map((value) => (
            <option key={value} value={value}>
              {(removal ? removalChangeNames[value] : undefined) ?? changeNames[value]}
            </option>
          ))}
        </SelectField>
        {choice === 'shorten' && (
          <TextField
            label="Ends in (days from now)"
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
          label="Reason (shown to the member)"
          required
          maxLength={MAX_MODERATION_NOTE_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {postRemoved && (
          <label className={styles.checkboxRow}>
            <input type="checkbox" checked={restorePost} onChange={(event) => setRestorePost(event.target.checked)} />
            Also put the removed post back
          </label>
        )}
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Saving...' : 'Apply'}
        </Button>
      </form>
      <FormError
        message={
          change.isError
            ? errorMessage(
                change.error,
                removal
                  ? 'Could not decide the appeal. Please try again.'
                  : 'Could not change the suspension. Please try again.',
              )
            : null
        }
      />
    </>
  );
}

function AppealQueueSection() {
  const queue = useAppealQueue();
  const appeals = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="appeals-heading">
      <h2 id="appeals-heading">Appeals</h2>
      {queue.isPending && <LoadingState text="Loading appeals..." />}
      {queue.isError && <ErrorState message="Could not load the appeals." onRetry={() => void queue.refetch()} />}
      {queue.isSuccess && appeals.length === 0 && (
        <p className={`${styles.card} ${styles.empty}`}>No appeals are waiting.</p>
      )}
      {appeals.map((appeal) => (
        <AppealCard key={appeal.id} appeal={appeal} />
      ))}
      {queue.hasNextPage && (
        <Button variant="secondary" disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
          {queue.isFetchingNextPage ? 'Loading...' : 'More appeals'}
        </Button>
      )}
    </section>
  );
}

function AppealCard({ appeal }: { appeal: AppealEntry }) {
  const headingId = useId();
  const name = nameOf(appeal.member);
  const { suspension, removal, post } = appeal;
  return (
    <article className={`${styles.card} ${styles.reportGroup}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {removal ? 'Appeal of a removal by' : 'Appeal by'} <MemberName member={appeal.member} />
      </h3>
      {suspension && (
        <p className={styles.muted}>
          Sent <time dateTime={appeal.createdAt}>{dateTimeWithZone(appeal.createdAt)}</time>. Suspended{' '}
          <time dateTime={suspension.suspendedAt}>{dateTimeWithZone(suspension.suspendedAt)}</time>
          {suspension.endsAt ? (
            <>
              {' '}
              until <time dateTime={suspension.endsAt}>{dateTimeWithZone(suspension.endsAt)}</time>
            </>
          ) : (
            '; the suspension has ended'
          )}{' '}
          for the post “{suspension.postExcerpt}”. Reason: {suspension.reason}
        </p>
      )}
      {removal && (
        <>
          <p className={styles.muted}>
            Sent <time dateTime={appeal.createdAt}>{dateTimeWithZone(appeal.createdAt)}</time>. Post removed{' '}
            <time dateTime={removal.removedAt}>{dateTimeWithZone(removal.removedAt)}</time>, without a suspension.
            Reason: {removal.reason}
          </p>
          <p>The removed post:</p>
          <blockquote>{post?.description || removal.postExcerpt}</blockquote>
        </>
      )}
      {post?.mediaURL && <ReportedMedia url={post.mediaURL} type={post.mediaType} />}
      <p>Their appeal:</p>
      <blockquote>{appeal.text}</blockquote>
      <AuthorHistoryView history={appeal.authorHistory} name={name} />
      {removal ? (
        <SuspensionChangeForm
          target={{ appealId: appeal.id }}
          changes={removal.postRemoved ? ['uphold', 'restore'] : ['uphold']}
          label={`Decide the appeal by ${name}`}
          removal
        />
      ) : (
        <SuspensionChangeForm
          target={{ appealId: appeal.id }}
          changes={suspension?.endsAt ? ['lift', 'shorten', 'uphold'] : ['uphold']}
          label={`Decide the appeal by ${name}`}
          postRemoved={suspension?.postRemoved ?? false}
        />
      )}
    </article>
  );
}
