import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Link } from '../lib/routing.js';
import type { ReviewQueueItem } from '../../contracts/case-documents.js';
import { formatDateTime } from '../lib/format.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { DataTable } from '../ui/data-table.js';
import { Pagination } from '../ui/pagination.js';
import { QueryState } from '../ui/query-state.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { REVIEW_QUEUE_PAGE_SIZE } from '../../contracts/cases-constants.js';
import {
  openSentDocument,
  refusalReasonsQuery,
  sentDocumentFileQuery,
  useReopenDocument,
  useReviewDocument,
  useReviewQueue,
} from './admin-documents-api.js';
import styles from './admin-pages.module.css';
import queueStyles from './admin-review-queue-page.module.css';

/** A decision just made, kept on screen with its undo until the next one. */
type Decided = { item: ReviewQueueItem; decision: 'accepted' | 'rejected' };

/**
 * Documents to review: every sent document awaiting a decision, oldest first. A document opens
 * beside the list with its file, Accept and Reject (a reason from the list, in the applicant's
 * language, or the reviewer's own words), and then the next one; a decision can be undone (issue 38).
 */
export default function AdminReviewQueuePage() {
  const notify = useToast();
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);
  const [openId, setOpenId] = useState<number | null>(null);
  const [decided, setDecided] = useState<Decided | null>(null);
  const rows = queue.data?.data ?? [];
  const open = rows.find((item) => item.id === openId) ?? null;

  // After a decision the reviewed document leaves the queue: the next one opens.
  const onDecided = (item: ReviewQueueItem, decision: Decided['decision']) => {
    setDecided({ item, decision });
    const index = rows.findIndex((row) => row.id === item.id);
    setOpenId(rows[index + 1]?.id ?? rows[index - 1]?.id ?? null);
  };

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Documents to review</h1>
      </div>
      {decided && <DecisionNote decided={decided} onUndone={() => setDecided(null)} onOpen={setOpenId} />}
      <div className={queueStyles.layout}>
        <section className={styles.card} aria-labelledby="queue-heading">
          <h2 id="queue-heading" className={styles.cardTitle}>
            Awaiting review, oldest first{queue.data ? ` (${queue.data.total})` : ''}
          </h2>
          <QueryState
            query={queue}
            loading="Loading documents..."
            error="Could not fetch the documents to review."
            empty="No documents are waiting for review."
            isEmpty={(result) => result.data.length === 0}
          >
            {(result) => (
              <>
                <DataTable
                  dense
                  caption="Documents awaiting review"
                  rows={result.data}
                  rowKey={(item) => item.id}
                  rowClassName={(item) => (item.id === openId ? queueStyles.openRow : undefined)}
                  columns={[
                    {
                      header: 'Sent',
                      cell: (item) => <time dateTime={item.uploadedAt}>{formatDateTime(item.uploadedAt)}</time>,
                    },
                    {
                      header: 'Case',
                      identifier: true,
                      cell: (item) => <Link to={`/caseadmin/details/${item.caseId}`}>{item.caseNumber}</Link>,
                    },
                    { header: 'Client', cell: (item) => <span dir="auto">{item.clientName}</span> },
                    {
                      header: 'Document',
                      cell: (item) => `${item.name} (${item.serviceName})${item.required ? '' : ' · optional'}`,
                    },
                    {
                      header: 'Review',
                      cell: (item) => (
                        <div className={styles.rowActions}>
                          <Button
                            size="small"
                            variant={item.id === openId ? 'primary' : 'secondary'}
                            aria-pressed={item.id === openId}
                            aria-label={`Review ${item.name} of ${item.caseNumber}`}
                            onClick={() => setOpenId(item.id)}
                          >
                            Review
                          </Button>
                          <Button
                            size="small"
                            variant="ghost"
                            aria-label={`Open ${item.name} of ${item.caseNumber}`}
                            onClick={() =>
                              openSentDocument(item.id).catch((error: unknown) =>
                                notify(errorMessage(error, 'Could not open the file.'), 'error'),
                              )
                            }
                          >
                            Open
                          </Button>
                        </div>
                      ),
                    },
                  ]}
                />
                <Pagination
                  page={page}
                  pageSize={REVIEW_QUEUE_PAGE_SIZE}
                  total={result.total}
                  onPageChange={setPage}
                  label="Documents to review pages"
                />
              </>
            )}
          </QueryState>
        </section>
        {open && (
          <ReviewPanel
            key={open.id}
            item={open}
            hasNext={rows.findIndex((row) => row.id === open.id) < rows.length - 1}
            onNext={() => {
              const index = rows.findIndex((row) => row.id === open.id);
              setOpenId(rows[index + 1]?.id ?? null);
            }}
            onDecided={onDecided}
          />
        )}
      </div>
    </>
  );
}

/** The decision just made, with its undo: an acceptance can be taken back, the file awaits review again. */
function DecisionNote({
  decided,
  onUndone,
  onOpen,
}: {
  decided: Decided;
  onUndone: () => void;
  onOpen: (id: number) => void;
}) {
  const reopen = useReopenDocument();
  const { item, decision } = decided;
  return (
    <div role="status" className={queueStyles.decision}>
      <span>
        {item.name} of {item.caseNumber} {decision}.
      </span>
      <Button
        size="small"
        variant="secondary"
        disabled={reopen.isPending}
        onClick={() =>
          reopen.mutate(item.id, {
            onSuccess: () => {
              onUndone();
              onOpen(item.id);
            },
          })
        }
      >
        Undo
      </Button>
      <FormError message={reopen.isError ? errorMessage(reopen.error, 'Could not undo the decision.') : null} />
    </div>
  );
}

function ReviewPanel({
  item,
  hasNext,
  onNext,
  onDecided,
}: {
  item: ReviewQueueItem;
  hasNext: boolean;
  onNext: () => void;
  onDecided: (item: ReviewQueueItem, decision: 'accepted' | 'rejected') => void;
}) {
  const review = useReviewDocument();
  const reasons = useQuery(refusalReasonsQuery());
  const [rejecting, setRejecting] = useState(false);
  const [reasonId, setReasonId] = useState('');
  const [reason, setReason] = useState('');
  const reasonListId = useId();
  const reasonTextId = useId();

  function reject(event: FormEvent) {
    event.preventDefault();
    // mutateAsync: the reviewed document leaves the queue (and this panel goes) before the
    // answer's callbacks would run; the promise still settles.
    review
      .mutateAsync({
        id: item.id,
        decision: 'rejected',
        ...(reasonId ? { reasonId: Number(reasonId) } : {}),
        ...(reason.trim() ? { reason } : {}),
      })
      .then(() => onDecided(item, 'rejected'))
      .catch(() => undefined);
  }

  return (
    <section className={`${styles.card} ${queueStyles.panel}`} aria-labelledby="review-heading">
      <h2 id="review-heading" className={styles.cardTitle}>
        {item.name} · <span dir="auto">{item.clientName}</span>
      </h2>
      <p className={styles.muted}>
        {item.caseNumber} · {item.serviceName} · {item.required ? 'required' : 'optional'} · sent{' '}
        {formatDateTime(item.uploadedAt)}
      </p>
      <Preview item={item} />
      <FormError message={review.isError ? errorMessage(review.error, 'Could not save the review.') : null} />
      {rejecting ? (
        <form onSubmit={reject} className={queueStyles.rejectForm} noValidate>
          <label htmlFor={reasonListId}>Reason (the applicant reads it in their language)</label>
          <select id={reasonListId} value={reasonId} onChange={(event) => setReasonId(event.target.value)}>
            <option value="">Write my own reason</option>
            {(reasons.data ?? []).map((option) => (
              <option key={option.id} value={String(option.id)}>
                {option.text}
              </option>
            ))}
          </select>
          <label htmlFor={reasonTextId}>{reasonId ? 'Add to it (optional)' : 'Your reason'}</label>
          <textarea
            id={reasonTextId}
            className={styles.reasonInput}
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className={queueStyles.actions}>
            <Button type="submit" variant="danger" disabled={review.isPending || (!reasonId && !reason.trim())}>
              Reject {item.name}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className={queueStyles.actions}>
          <Button
            disabled={review.isPending}
            onClick={() =>
              review
                .mutateAsync({ id: item.id, decision: 'accepted' })
                .then(() => onDecided(item, 'accepted'))
                // The failure is shown from the mutation's state.
                .catch(() => undefined)
            }
          >
            Accept {item.name}
          </Button>
          <Button variant="danger" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
          <Button variant="ghost" disabled={!hasNext} onClick={onNext}>
            Next document
          </Button>
        </div>
      )}
    </section>
  );
}

/** The sent file beside the decision: a photo as an image, a PDF in the browser's viewer. */
function Preview({ item }: { item: ReviewQueueItem }) {
  const file = useQuery(sentDocumentFileQuery(item.id));
  // The file's address in this page, given back when the preview goes.
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (file.isError)
    return (
      <ErrorState message={errorMessage(file.error, 'Could not load the file.')} onRetry={() => void file.refetch()} />
    );
  if (!url) return <LoadingState text="Loading the file..." />;
  return item.contentType.startsWith('image/') ? (
    <img className={queueStyles.preview} src={url} alt={`${item.name} sent for ${item.caseNumber}`} />
  ) : (
    <object className={queueStyles.preview} data={url} type={item.contentType} aria-label={`${item.name} (PDF)`}>
      <p>This browser cannot show the PDF here; open it in a new tab.</p>
    </object>
  );
}
