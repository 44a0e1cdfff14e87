import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../lib/format.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { DataTable } from '../ui/data-table.js';
import { Pagination } from '../ui/pagination.js';
import { QueryState } from '../ui/query-state.js';
import { useToast } from '../ui/toast.js';
import { REVIEW_QUEUE_PAGE_SIZE } from '../../contracts/cases-constants.js';
import { openSentDocument, useReviewQueue } from './admin-documents-api.js';
import styles from './admin-pages.module.css';

/** Documents to review: every sent document awaiting a decision, oldest first; the review itself happens on the case's page. */
export default function AdminReviewQueuePage() {
  const notify = useToast();
  const [page, setPage] = useState(1);
  const queue = useReviewQueue(page);

  return (
    <>
      <div className={styles.header}>
        <h1 className={styles.title}>Documents to review</h1>
      </div>
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
                caption="Documents awaiting review"
                rows={result.data}
                rowKey={(item) => item.id}
                columns={[
                  {
                    header: 'Sent',
                    cell: (item) => <time dateTime={item.uploadedAt}>{formatDateTime(item.uploadedAt)}</time>,
                  },
                  {
                    header: 'Case',
                    cell: (item) => <Link to={`/caseadmin/details/${item.caseId}`}>{item.caseNumber}</Link>,
                  },
                  { header: 'Client', cell: (item) => item.clientName },
                  { header: 'Document', cell: (item) => `${item.name} (${item.serviceName})` },
                  {
                    header: 'File',
                    cell: (item) => (
                      <Button
                        size="small"
                        variant="secondary"
                        onClick={() =>
                          openSentDocument(item.id).catch((error: unknown) =>
                            notify(errorMessage(error, 'Could not open the file.'), 'error'),
                          )
                        }
                      >
                        Open {item.name} of {item.caseNumber}
                      </Button>
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
    </>
  );
}
