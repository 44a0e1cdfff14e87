import KeyRound from 'lucide-react/icons/key-round';
import { useState } from 'react';
import { programs, type Program } from '../../../contracts/lms-constants.js';
import type { LmsUser } from '../../../contracts/lms.js';
import { ApiError, type ApiData } from '../../lib/http.js';
import { formatDateTime } from '../../lib/format.js';
import { TextField } from '../../ui/field.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { RowMenu } from '../../ui/row-menu.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel, programLabel, roleLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsApi } from '../session.js';
import { usePagedList, useSetPrograms } from './admin-api.js';
import { AccommodationDialog, accommodationText } from './accommodation-dialog.js';
import { AdminLayout } from './admin-layout.js';
import { SetPasswordDialog } from './set-password-dialog.js';
import { PremiumRequests } from './premium-requests.js';
import { Button } from '../../ui/button.js';

type UserRow = ApiData<'/admin/users', 'get'>['users'][number];

export default function UsersPage() {
  const notify = useToast();
  const { query, page, setPage, pageSize, filters, setFilter } = usePagedList(
    'users',
    (query) => lmsApi.GET('/admin/users', { params: { query } }),
    { search: '' },
    { search: (value) => value.length <= 40 },
  );
  const [error, setError] = useState<string | null>(null);
  const [passwordFor, setPasswordFor] = useState<LmsUser | null>(null);
  const [accommodationFor, setAccommodationFor] = useState<UserRow | null>(null);
  const save = useSetPrograms();

  const toggle = (user: LmsUser, program: Program, on: boolean) => {
    const current = programs.filter((p) => p !== program && user.key.allowed_programs.includes(p));
    save.mutate(
      { id: user.id, allowed: on ? [...current, program] : current },
      {
        onSuccess: (updated) => {
          setError(null);
          notify(`Programs of ${updated.username} updated`);
        },
        onError: (e) => setError(`Error updating programs: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
      },
    );
  };

  return (
    <AdminLayout title="Users and Programs">
      <PremiumRequests />
      <p className={styles.muted}>
        Course library opens the courses, recent courses and course progress. Detailed exam results opens the score and
        success rate of the exam summary.
      </p>
      <FormError message={error} />
      <div className={styles.filters}>
        <TextField
          label="Search by username"
          type="search"
          value={filters.search}
          maxLength={40}
          onChange={(e) => setFilter('search', e.target.value, { replace: true })}
        />
      </div>
      <QueryState
        query={query}
        error="Failed to fetch users."
        empty="No users found."
        isEmpty={(result) => result.data.users.length === 0}
      >
        {(result) => (
          <DataTable
            caption="LMS users"
            rows={result.data.users}
            rowKey={(user) => user.id}
            dense
            columns={[
              { header: 'Username', cell: (user) => user.username },
              { header: 'Profession', cell: (user) => professionLabel(user.profession) },
              { header: 'Role', cell: (user) => roleLabel(user.role) },
              { header: 'Joined', cell: (user) => formatDateTime(user.created_at) },
              ...programs.map((p) => ({
                header: programLabel(p),
                cell: (user: LmsUser) => (
                  <input
                    type="checkbox"
                    aria-label={`${programLabel(p)} for ${user.username}`}
                    checked={user.key.allowed_programs.includes(p)}
                    disabled={save.isPending}
                    onChange={(e) => toggle(user, p, e.target.checked)}
                  />
                ),
              })),
              {
                header: 'Accommodation',
                cell: (user: UserRow) =>
                  user.role === 'user' ? (
                    <span className={styles.actions}>
                      <span>{accommodationText(user.accommodation)}</span>
                      <Button
                        variant="secondary"
                        size="small"
                        onClick={() => setAccommodationFor(user)}
                        aria-label={`Accommodation for ${user.username}`}
                      >
                        Change
                      </Button>
                    </span>
                  ) : (
                    ''
                  ),
              },
              {
                header: 'Actions',
                cell: (user) => (
                  <RowMenu
                    label={`Actions for ${user.username}`}
                    items={[
                      {
                        label: 'Set password',
                        icon: <KeyRound aria-hidden="true" size={14} />,
                        onSelect: () => setPasswordFor(user),
                      },
                    ]}
                  />
                ),
              },
            ]}
            footer={
              <Pagination
                label="User pages"
                page={page}
                pageSize={pageSize}
                total={result.total}
                onPageChange={setPage}
              />
            }
          />
        )}
      </QueryState>
      <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />
      <AccommodationDialog user={accommodationFor} onClose={() => setAccommodationFor(null)} />
    </AdminLayout>
  );
}
