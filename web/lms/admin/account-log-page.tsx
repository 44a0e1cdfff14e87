import { formatDateTime } from '../../lib/format.js';
import { DataTable } from '../../ui/data-table.js';
import { Pagination } from '../../ui/pagination.js';
import { QueryState } from '../../ui/query-state.js';
import { lmsApi } from '../session.js';
import { usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

/**
 * The account log: every action an admin took on an account (passwords set, programs,
 * accommodations, premium decisions), newest first, so a change nobody owns up to can be traced.
 */
export default function AccountLogPage() {
  const { query, page, setPage, pageSize } = usePagedList('account-actions', (query) =>
    lmsApi.GET('/admin/account-actions', { params: { query } }),
  );
  return (
    <AdminLayout title="Account Log">
      <QueryState
        query={query}
        error="Failed to fetch the account log."
        empty="No admin has acted on an account yet."
        isEmpty={(result) => result.data.actions.length === 0}
      >
        {(result) => (
          <DataTable
            caption="Admin actions on accounts, newest first"
            rows={result.data.actions}
            rowKey={(action) => action.id}
            dense
            columns={[
              { header: 'Time', cell: (action) => formatDateTime(action.createdAt) },
              { header: 'Admin', cell: (action) => action.admin },
              { header: 'Action', cell: (action) => action.action },
              { header: 'Account', cell: (action) => action.username },
              { header: 'Details', cell: (action) => action.detail },
            ]}
            footer={
              <Pagination
                label="Account log pages"
                page={page}
                pageSize={pageSize}
                total={result.total}
                onPageChange={setPage}
              />
            }
          />
        )}
      </QueryState>
    </AdminLayout>
  );
}
