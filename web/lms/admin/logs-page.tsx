import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../ui/button.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { routeId } from '../../lib/route-id.js';
import { lmsApi } from '../session.js';
import { usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

/** The integrity record: every attempt's events in order (start, copy, paste, leaving full screen or the tab, finish). */
export default function LogsPage() {
  const { query, page, setPage, pageSize, filters, setFilter } = usePagedList(
    'logs',
    (query) =>
      lmsApi.GET('/admin/exam-logs', { params: { query: { ...query, examId: routeId(query.examId) ?? undefined } } }),
    { examId: '' },
    { examId: (value) => routeId(value) !== null },
  );
  const { examId } = filters;
  const setExamId = (id: string) => setFilter('examId', id);
  return (
    <AdminLayout title="Exam Logs">
      {examId && (
        <p>
          Showing attempt #{examId}.{' '}
          <Button variant="secondary" size="small" onClick={() => setExamId('')}>
            Show all attempts
          </Button>
        </p>
      )}
      <QueryState
        query={query}
        error="Failed to fetch exam logs."
        empty="No exam events recorded yet."
        isEmpty={(result) => result.data.logs.length === 0}
      >
        {(result) => (
          <DataTable
            caption="Exam log entries, grouped by attempt"
            rows={result.data.logs}
            rowKey={(log) => log.id}
            dense
            columns={[
              {
                header: 'Attempt',
                cell: (log) => (
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={`Show only attempt ${log.exam_id}`}
                    onClick={() => setExamId(String(log.exam_id))}
                  >
                    #{log.exam_id}
                  </Button>
                ),
              },
              { header: 'User', cell: (log) => log.username },
              { header: 'Time', cell: (log) => formatDateTime(log.created_at) },
              { header: 'Event', cell: (log) => log.log_data.event },
              { header: 'Details', cell: (log) => log.log_data.message },
            ]}
            footer={
              <Pagination
                label="Log pages"
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
