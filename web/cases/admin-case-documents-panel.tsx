import { useId, useState, type FormEvent } from 'react';
import type { ChecklistItem } from '../../contracts/case-documents.js';
import { formatDateTime } from '../lib/format.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { Modal, ModalActions } from '../ui/modal.js';
import { EmptyState, FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { DOCUMENT_ACCEPT } from '../../contracts/cases-constants.js';
import { openSentDocument, useReviewDocument, useSendDocumentAsStaff } from './admin-documents-api.js';
import styles from './admin-case-documents-panel.module.css';
import pageStyles from './admin-pages.module.css';
import { DocumentStatusBadge } from './document-status.js';

/** The case's document checklist on its details page: open each sent file, accept or reject it, or send one for the applicant. */
export function CaseDocumentsPanel({ caseId, documents }: { caseId: number; documents: ChecklistItem[] }) {
  const [rejecting, setRejecting] = useState<ChecklistItem | null>(null);
  return (
    <section className={pageStyles.card} aria-labelledby="documents-heading">
      <h2 id="documents-heading" className={pageStyles.cardTitle}>
        Documents
      </h2>
      {documents.length === 0 ? (
        <EmptyState>The services of this case ask for no documents.</EmptyState>
      ) : (
        <ul className={styles.items}>
          {documents.map((item) => (
            <DocumentItem
              key={`${item.serviceId}-${item.documentId}`}
              caseId={caseId}
              item={item}
              onReject={() => setRejecting(item)}
            />
          ))}
        </ul>
      )}
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </section>
  );
}

function DocumentItem({ caseId, item, onReject }: { caseId: number; item: ChecklistItem; onReject: () => void }) {
  const notify = useToast();
  const review = useReviewDocument();
  const send = useSendDocumentAsStaff(caseId);
  const fileId = useId();
  const sentId = item.id;

  return (
    <li className={styles.item} aria-label={item.name}>
      <p>
        <span className={styles.name}>{item.name}</span>{' '}
        <span className={pageStyles.muted}>
          · {item.serviceName}
          {item.required ? '' : ' · optional'}
        </span>
      </p>
      <p>
        <DocumentStatusBadge status={item.status} />
        {item.uploadedAt && (
          <span className={pageStyles.muted}>
            {' '}
            sent <time dateTime={item.uploadedAt}>{formatDateTime(item.uploadedAt)}</time>
          </span>
        )}
      </p>
      {item.status === 'rejected' && item.reason && <p>Reason: {item.reason}</p>}
      <div className={styles.actions}>
        {sentId !== null && (
          <Button
            size="small"
            variant="secondary"
            onClick={() =>
              openSentDocument(sentId).catch((error: unknown) =>
                notify(errorMessage(error, 'Could not open the file.'), 'error'),
              )
            }
          >
            Open {item.name}
          </Button>
        )}
        {sentId !== null && item.status === 'uploaded' && (
          <>
            <Button
              size="small"
              disabled={review.isPending}
              onClick={() =>
                review.mutate(
                  { id: sentId, decision: 'accepted' },
                  {
                    onSuccess: () => notify(`${item.name} accepted`),
                    onError: (error) => notify(errorMessage(error, 'Could not accept the document.'), 'error'),
                  },
                )
              }
            >
              Accept {item.name}
            </Button>
            <Button size="small" variant="danger" onClick={onReject}>
              Reject {item.name}
            </Button>
          </>
        )}
        {item.status !== 'accepted' && (
          <span className={styles.fileLabel}>
            <label htmlFor={fileId}>Send a file for {item.name}</label>{' '}
            <input
              id={fileId}
              type="file"
              accept={DOCUMENT_ACCEPT}
              disabled={send.isPending}
              onChange={(event) => {
                const input = event.currentTarget;
                const file = input.files?.[0];
                if (!file) return;
                send.mutate(
                  { documentId: item.documentId, file },
                  {
                    onSuccess: () => notify(`${item.name} sent`),
                    onError: (error) => notify(errorMessage(error, 'Could not send the file.'), 'error'),
                    onSettled: () => {
                      input.value = '';
                    },
                  },
                );
              }}
            />
          </span>
        )}
      </div>
    </li>
  );
}

function RejectDialog({ item, onClose }: { item: ChecklistItem | null; onClose: () => void }) {
  const notify = useToast();
  const review = useReviewDocument();
  const [reason, setReason] = useState('');
  const reasonId = useId();

  function close() {
    setReason('');
    review.reset();
    onClose();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!item?.id) return;
    const name = item.name;
    review.mutate(
      { id: item.id, decision: 'rejected', reason },
      {
        onSuccess: () => {
          notify(`${name} rejected`);
          close();
        },
      },
    );
  }

  return (
    <Modal title={`Reject ${item?.name ?? 'document'}`} open={item !== null} onClose={close}>
      <form onSubmit={onSubmit} noValidate>
        <FormError message={review.isError ? errorMessage(review.error, 'Could not reject the document.') : null} />
        <label htmlFor={reasonId}>Reason (the applicant reads it)</label>
        <textarea
          id={reasonId}
          className={styles.reasonInput}
          value={reason}
          maxLength={500}
          required
          onChange={(event) => setReason(event.target.value)}
        />
        <ModalActions>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={review.isPending}>
            Reject
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
