import { useState } from 'react';
import type { ExamLog } from '../../../contracts/lms.js';
import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../ui/button.js';
import { Pagination } from '../../ui/pagination.js';
import { EmptyState, ErrorState, LoadingState } from '../../ui/states.js';
import styles from '../lms.module.css';
import { usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

/** The integrity record: every attempt's events in order (start, copy, paste, leaving full screen or the tab, finish). */
export default function LogsPage() {
  const [examId, setExamId] = useState<number | undefined>();
  const { query, page, setPage, pageSize } = usePagedList<{ logs: ExamLog[] }>('logs', '/admin/exam-logs', { examId: examId ? String(examId) : undefined });
  return (
    <AdminLayout title="Exam Logs">
      {examId && (
        <p>
          Showing attempt #{examId}.{' '}
          <Button variant="secondary" size="small" onClick={() => (setExamId(undefined), setPage(1))}>
            Show all attempts
          </Button>
        </p>
      )}
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to fetch exam logs." onRetry={() => void query.refetch()} />
      ) : query.data.data.logs.length === 0 ? (
        <EmptyState>No exam events recorded yet.</EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Exam log entries, grouped by attempt</caption>
            <thead>
              <tr>
                <th scope="col">Attempt</th>
                <th scope="col">User</th>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.logs.map((log) => (
                <tr key={log.id}>
                  <td>
                    <Button variant="ghost" size="small" aria-label={`Show only attempt ${log.exam_id}`} onClick={() => (setExamId(log.exam_id), setPage(1))}>
                      #{log.exam_id}
                    </Button>
                  </td>
                  <td>{log.username}</td>
                  <td>{formatDateTime(log.created_at)}</td>
                  <td>{log.log_data.event}</td>
                  <td>{log.log_data.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination label="Log pages" page={page} pageSize={pageSize} total={query.data.total} onPageChange={setPage} />
        </div>
      )}
    </AdminLayout>
  );
}
