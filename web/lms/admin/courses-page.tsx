import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Send from 'lucide-react/icons/send';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { Link } from '../../lib/routing.js';
import type { AdminCourse } from '../../../contracts/lms.js';
import { formatDateTime } from '../../lib/format.js';
import { errorMessage } from '../../lib/http.js';
import { buttonClassName } from '../../ui/button.js';
import { DataTable } from '../../ui/data-table.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { Pagination } from '../../ui/pagination.js';
import { QueryState } from '../../ui/query-state.js';
import { RowMenu } from '../../ui/row-menu.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsApi } from '../session.js';
import { useDeleteCourse, usePagedList, useSetCoursePublished } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

/** The course catalogue as a table; a course is added and edited on its own page, with its lessons in Markdown. */
export default function CoursesAdminPage() {
  const notify = useToast();
  const { query, page, setPage, pageSize } = usePagedList('courses', (query) =>
    lmsApi.GET('/admin/courses', { params: { query } }),
  );
  const [toDelete, setToDelete] = useState<AdminCourse | null>(null);
  const remove = useDeleteCourse();
  const publish = useSetCoursePublished();
  return (
    <AdminLayout title="Course Management">
      <p className={styles.actions}>
        <Link to="/lms-system/admin/course/new" className={buttonClassName('primary')}>
          <Plus aria-hidden="true" size={16} /> Add course
        </Link>
      </p>
      <FormError
        message={
          remove.isError ? errorMessage(remove.error, 'The course could not be deleted. Please try again.') : null
        }
      />
      <FormError
        message={
          publish.isError ? errorMessage(publish.error, 'The course could not be changed. Please try again.') : null
        }
      />
      <QueryState
        query={query}
        error="Failed to fetch courses."
        empty="No courses yet. Add the first one."
        isEmpty={(result) => result.data.courses.length === 0}
      >
        {(result) => (
          <DataTable
            caption="Courses"
            rows={result.data.courses}
            rowKey={(c) => c.id}
            dense
            columns={[
              {
                header: 'Title',
                cell: (c) => (
                  <span className={styles.courseTitle}>
                    <Link to={`/lms-system/admin/course/${c.id}`}>{c.title}</Link>
                    {/* Learners read only published courses (decision 043); a draft says so beside its title. */}
                    {!c.published_at && <span className={styles.tag}>Draft</span>}
                    {c.description && <span className={styles.muted}>{c.description}</span>}
                  </span>
                ),
              },
              { header: 'Profession', cell: (c) => professionLabel(c.profession) },
              { header: 'Level', cell: (c) => c.level },
              { header: 'Lessons', cell: (c) => c.sectionCount },
              { header: 'Duration', cell: (c) => c.duration || '—' },
              { header: 'Added', cell: (c) => formatDateTime(c.created_at) },
              {
                header: 'Actions',
                cell: (c) => (
                  <RowMenu
                    label={`Actions for course ${c.title}`}
                    items={[
                      {
                        label: 'Edit',
                        icon: <Pencil aria-hidden="true" size={14} />,
                        to: `/lms-system/admin/course/${c.id}`,
                      },
                      {
                        label: 'Preview as a learner',
                        icon: <Eye aria-hidden="true" size={14} />,
                        to: `/lms-system/admin/course/${c.id}/preview`,
                      },
                      c.published_at
                        ? {
                            label: 'Unpublish',
                            icon: <EyeOff aria-hidden="true" size={14} />,
                            onSelect: () =>
                              publish.mutate(
                                { id: c.id, published: false },
                                { onSuccess: () => notify(`"${c.title}" is a draft again`) },
                              ),
                          }
                        : {
                            label: 'Publish',
                            icon: <Send aria-hidden="true" size={14} />,
                            onSelect: () =>
                              publish.mutate(
                                { id: c.id, published: true },
                                { onSuccess: () => notify(`"${c.title}" published`) },
                              ),
                          },
                      {
                        label: 'Delete',
                        icon: <Trash2 aria-hidden="true" size={14} />,
                        onSelect: () => setToDelete(c),
                        danger: true,
                      },
                    ]}
                  />
                ),
              },
            ]}
            footer={
              <Pagination
                label="Course pages"
                page={page}
                pageSize={pageSize}
                total={result.total}
                onPageChange={setPage}
              />
            }
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete course"
        message={`Delete the course "${toDelete?.title ?? ''}"? Learners lose it and their progress in it.`}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete)
            remove.mutate(toDelete.id, {
              onSuccess: () => notify('Course deleted'),
              onSettled: () => setToDelete(null),
            });
        }}
      />
    </AdminLayout>
  );
}
