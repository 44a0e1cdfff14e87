import Trash2 from 'lucide-react/icons/trash-2';
import { useState, type FormEvent } from 'react';
import { audiences, courseLevels } from '../../../contracts/lms-constants.js';
import type { Course } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { useAddCourse, useDeleteCourse, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const emptyForm = { title: '', description: '', profession: '', level: 'Beginner', duration: '', lessons: '' };

/** Lessons are typed one per line as "Title | text"; a line without "|" is a title with no text. */
function parseLessons(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [title = '', ...rest] = line.split('|');
      return { title: title.trim(), body: rest.join('|').trim() };
    });
}

function CourseForm() {
  const notify = useToast();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const add = useAddCourse();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { lessons, ...course } = form;
    add.mutate(
      { ...course, sections: parseLessons(lessons) },
      {
        onSuccess: () => {
          setForm(emptyForm);
          setError(null);
          notify('Course added');
        },
        onError: (e) => setError(`Error adding course: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
      },
    );
  };
  return (
    <form className={styles.card} onSubmit={onSubmit} style={{ marginBottom: '1.5rem' }} aria-label="Add New Course">
      <h2>Add New Course</h2>
      <FormError message={error} />
      <div className={styles.formGrid}>
        <TextField label="Title" required value={form.title} onChange={set('title')} />
        <SelectField label="Profession" required value={form.profession} onChange={set('profession')}>
          <option value="">Select a profession</option>
          {audiences.map((p) => (
            <option key={p} value={p}>
              {professionLabel(p)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Level" value={form.level} onChange={set('level')}>
          {courseLevels.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </SelectField>
        <TextField label="Duration" value={form.duration} onChange={set('duration')} hint="For example: 2 hours" />
        <TextField className={styles.full} label="Description (optional)" value={form.description} onChange={set('description')} />
        <div className={styles.full} style={{ marginBottom: '0.9rem' }}>
          <label className={styles.fieldLabel} htmlFor="course-lessons">
            Lessons (optional, one per line: Title | text)
          </label>
          <textarea id="course-lessons" className={styles.textarea} value={form.lessons} onChange={set('lessons')} />
        </div>
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Course'}
      </Button>
    </form>
  );
}

export default function CoursesAdminPage() {
  const { query, page, setPage, pageSize } = usePagedList<{ courses: (Course & { sectionCount: number })[] }>('courses', '/admin/courses');
  const [toDelete, setToDelete] = useState<Course | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteCourse();
  return (
    <AdminLayout title="Course Management">
      <CourseForm />
      <FormError message={deleteError} />
      <QueryState query={query} error="Failed to fetch courses." empty="No courses yet." isEmpty={(result) => result.data.courses.length === 0}>
        {(result) => (
          <DataTable
            caption="Courses"
            rows={result.data.courses}
            rowKey={(c) => c.id}
            columns={[
              { header: 'Title', cell: (c) => c.title },
              { header: 'Description', cell: (c) => c.description },
              { header: 'Profession', cell: (c) => professionLabel(c.profession) },
              { header: 'Level', cell: (c) => c.level },
              { header: 'Lessons', cell: (c) => c.sectionCount },
              {
                header: 'Actions',
                cell: (c) => (
                  <Button variant="danger" size="small" aria-label={`Delete course ${c.title}`} onClick={() => setToDelete(c)}>
                    <Trash2 aria-hidden="true" size={14} /> Delete
                  </Button>
                ),
              },
            ]}
            footer={<Pagination label="Course pages" page={page} pageSize={pageSize} total={result.total} onPageChange={setPage} />}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        message="Are you sure you want to delete this course?"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          setDeleteError(null);
          if (toDelete)
            remove.mutate(toDelete.id, {
              onError: (e) => setDeleteError(`Error deleting course: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
              onSettled: () => setToDelete(null),
            });
        }}
      />
    </AdminLayout>
  );
}
