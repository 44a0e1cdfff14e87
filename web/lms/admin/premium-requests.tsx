import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../contracts/lms-constants.js';
import type { AdminPremiumRequest } from '../../../contracts/lms.js';
import { errorMessage } from '../../lib/http.js';
import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../ui/button.js';
import { DataTable } from '../../ui/data-table.js';
import { Pagination } from '../../ui/pagination.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel, programLabel } from '../labels.js';
import styles from '../lms.module.css';
import { openPremiumRequestsQuery, useDecidePremiumRequest } from './premium-requests-api.js';

/** On the users page: learners who asked for premium from a locked card, granted or declined with one click. */
export function PremiumRequests() {
  const notify = useToast();
  const [page, setPage] = useState(1);
  const query = useQuery(openPremiumRequestsQuery(page));
  const decide = useDecidePremiumRequest();
  const [error, setError] = useState<string | null>(null);

  const answer = (request: AdminPremiumRequest, action: 'grant' | 'decline') =>
    decide.mutate(
      { id: request.id, action },
      {
        onSuccess: () => {
          setError(null);
          notify(
            action === 'grant'
              ? `Premium granted to ${request.user.username}`
              : `Request of ${request.user.username} declined`,
          );
        },
        onError: (e) => setError(errorMessage(e, 'The request could not be answered.')),
      },
    );

  return (
    <section aria-labelledby="premium-requests-heading" style={{ marginBottom: '1.5rem' }}>
      <h2 id="premium-requests-heading">Premium requests</h2>
      <FormError message={error} />
      <QueryState
        query={query}
        error="Failed to fetch premium requests."
        empty="No open premium requests."
        isEmpty={(result) => result.data.premiumRequests.length === 0}
      >
        {(result) => (
          <DataTable
            caption="Open premium requests"
            rows={result.data.premiumRequests}
            rowKey={(request) => request.id}
            columns={[
              { header: 'Learner', cell: (request) => request.user.username },
              { header: 'Profession', cell: (request) => professionLabel(request.user.profession) },
              { header: 'Asks for', cell: (request) => request.programs.map(programLabel).join(', ') },
              { header: 'Note', cell: (request) => request.note || <span className={styles.muted}>No note</span> },
              { header: 'Requested', cell: (request) => formatDateTime(request.created_at) },
              {
                header: 'Answer',
                cell: (request) => (
                  <span className={styles.actions}>
                    <Button
                      size="small"
                      disabled={decide.isPending}
                      onClick={() => answer(request, 'grant')}
                      aria-label={`Grant premium to ${request.user.username}`}
                    >
                      Grant
                    </Button>
                    <Button
                      variant="secondary"
                      size="small"
                      disabled={decide.isPending}
                      onClick={() => answer(request, 'decline')}
                      aria-label={`Decline the request of ${request.user.username}`}
                    >
                      Decline
                    </Button>
                  </span>
                ),
              },
            ]}
            footer={
              <Pagination
                label="Premium request pages"
                page={page}
                pageSize={ADMIN_PAGE_SIZE}
                total={result.total}
                onPageChange={setPage}
              />
            }
          />
        )}
      </QueryState>
    </section>
  );
}
