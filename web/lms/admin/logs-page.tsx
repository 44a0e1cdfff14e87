import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../ui/button.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { routeId } from '../../lib/route-id.js';
import { lmsApi } from '../session.js';
import { TextField } from '../../ui/field.js';
import styles from '../lms.module.css';
import { usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Each event of an attempt's timeline in words; an event this page does not know shows its key. */
const eventNames: Record<string, string> = {
  started: 'Started',
  accommodations: 'Accommodations applied',
  answered: 'Answer given',
  'answer-changed': 'Answer changed',
  flagged: 'Flagged',
  unflagged: 'Flag removed',
  copy: 'Warning: copy',
  paste: 'Warning: paste',
  'fullscreen-exit': 'Warning: left full screen',
  'tab-switch': 'Warning: left the exam window',
  offline: 'Offline',
  resumed: 'Paused, then resumed',
  finished: 'Finished',
};

/**
 * The exam log: each attempt's timeline, its events in the order they happened (start and the
 * accommodations applied, answers given and changed, flags, warnings, offline spans, pauses, finish),
 * by learner and day, a page at a time; one attempt's alone from its number.
 */
export default function LogsPage() {
  const { query, page, setPage, pageSize, filters, setFilter } = usePagedList(
    'logs',
    (query) =>
      lmsApi.GET('/admin/exam-logs', {
        params: {
          query: {
            page: query.page,
            pageSize: query.pageSize,
            examId: routeId(query.examId) ?? undefined,
            learner: query.learner || undefined,
            from: query.from || undefined,
            to: query.to || undefined,
          },
        },
      }),
    { examId: '', learner: '', from: '', to: '' },
    {
      examId: (value) => routeId(value) !== null,
      learner: (value) => value.length <= 100,
      from: isDay,
      to: isDay,
    },
  );
  const { examId } = filters;
  const setExamId = (id: string) => setFilter('examId', id);
  return (
    <AdminLayout title="Exam Logs">
      <search className={styles.filters} aria-label="Filter the exam log">
        <TextField
          label="Learner"
          type="search"
          value={filters.learner}
          maxLength={100}
          // Each keystroke replaces the address entry rather than adding one per key.
          onChange={(e) => setFilter('learner', e.target.value, { replace: true })}
        />
        <TextField
          label="From (UTC day)"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => setFilter('from', e.target.value)}
        />
        <TextField
          label="To (UTC day)"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => setFilter('to', e.target.value)}
        />
      </search>
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
        empty={
          filters.learner || filters.from || filters.to
            ? 'No event matches these filters.'
            : 'No exam events recorded yet.'
        }
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
              { header: 'Event', cell: (log) => eventNames[log.log_data.event] ?? log.log_data.event },
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
