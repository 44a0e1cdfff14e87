import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { programs, type LmsUser, type Program } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { formatDateTime } from '../../lib/format.js';
import { TextField } from '../../ui/field.js';
import { Pagination } from '../../ui/pagination.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsRequest } from '../session.js';
import { adminKey, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';
import { SetPasswordDialog } from './set-password-dialog.js';
import { Button } from '../../ui/button.js';

const programLabels: Record<Program, string> = { course: 'Course library', 'exam-results': 'Detailed exam results' };

export default function UsersPage() {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [search, setSearch] = useState('');
  const { query, page, setPage, pageSize } = usePagedList<{ users: LmsUser[] }>('users', '/admin/users', { search: search.trim() || undefined });
  const [error, setError] = useState<string | null>(null);
  const [passwordFor, setPasswordFor] = useState<LmsUser | null>(null);
  const save = useMutation({
    mutationFn: ({ id, allowed }: { id: number; allowed: string[] }) => lmsRequest<LmsUser>(`/admin/users/${id}/programs`, { method: 'PUT', body: { allowed_programs: allowed } }),
    onSuccess: (user) => {
      setError(null);
      notify(`Programs of ${user.username} updated`);
      void queryClient.invalidateQueries({ queryKey: adminKey('users') });
    },
    onError: (e) => setError(`Error updating programs: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
  });

  const toggle = (user: LmsUser, program: Program, on: boolean) => {
    const current = user.key.allowed_programs.filter((p) => p !== program);
    save.mutate({ id: user.id, allowed: on ? [...current, program] : current });
  };

  return (
    <AdminLayout title="Users and Programs">
      <p className={styles.muted}>
        Course library opens the courses, recent courses and course progress. Detailed exam results opens the score and success rate of the exam summary.
      </p>
      <FormError message={error} />
      <div className={styles.filters}>
        <TextField
          label="Search by username"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to fetch users." onRetry={() => void query.refetch()} />
      ) : query.data.data.users.length === 0 ? (
        <EmptyState>No users found.</EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">LMS users</caption>
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Profession</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                {programs.map((p) => (
                  <th key={p} scope="col">
                    {programLabels[p]}
                  </th>
                ))}
                <th scope="col">Password</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.users.map((user) => (
                <tr key={user.id}>
                  <td>{user.username}</td>
                  <td>{professionLabel(user.profession)}</td>
                  <td>{user.role}</td>
                  <td>{formatDateTime(user.created_at)}</td>
                  {programs.map((p) => (
                    <td key={p}>
                      <input
                        type="checkbox"
                        aria-label={`${programLabels[p]} for ${user.username}`}
                        checked={user.key.allowed_programs.includes(p)}
                        disabled={save.isPending}
                        onChange={(e) => toggle(user, p, e.target.checked)}
                      />
                    </td>
                  ))}
                  <td>
                    <Button variant="secondary" size="small" onClick={() => setPasswordFor(user)} aria-label={`Set password for ${user.username}`}>
                      Set password
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination label="User pages" page={page} pageSize={pageSize} total={query.data.total} onPageChange={setPage} />
        </div>
      )}
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
    </AdminLayout>
  );
}
