import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { audiences, type UpcomingExam } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { formatDay, professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsRequest } from '../session.js';
import { adminKey } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const emptyForm = { title: '', exam_date: '', exam_time: '09:00', profession: 'all' };

export default function UpcomingPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: adminKey('upcoming'), queryFn: () => lmsRequest<{ upcomingExams: UpcomingExam[] }>('/admin/upcoming-exams') });
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<UpcomingExam | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKey('upcoming') });
  const add = useMutation({
    mutationFn: () => lmsRequest('/admin/upcoming-exams', { method: 'POST', body: form }),
    onSuccess: () => (setForm(emptyForm), setError(null), refresh()),
    onError: (e) => setError(`Error adding exam: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
  });
  const remove = useMutation({
    mutationFn: (id: number) => lmsRequest(`/admin/upcoming-exams/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
    onError: (e) => setError(`Error deleting exam: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
    onSettled: () => setToDelete(null),
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <AdminLayout title="Upcoming Exams">
      <form className={styles.card} onSubmit={onSubmit} style={{ marginBottom: '1.5rem' }} aria-label="Schedule an exam">
        <h2>Schedule an exam</h2>
        <FormError message={error} />
        <div className={styles.formGrid}>
          <TextField label="Title" required value={form.title} onChange={set('title')} />
          <SelectField label="For" value={form.profession} onChange={set('profession')}>
            {audiences.map((p) => (
              <option key={p} value={p}>
                {professionLabel(p)}
              </option>
            ))}
          </SelectField>
          <TextField label="Date" type="date" required value={form.exam_date} onChange={set('exam_date')} />
          <TextField label="Time" type="time" required value={form.exam_time} onChange={set('exam_time')} />
        </div>
        <Button type="submit" disabled={add.isPending}>
          Add Exam
        </Button>
      </form>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState message="Failed to load upcoming exams." onRetry={() => void list.refetch()} />
      ) : list.data.upcomingExams.length === 0 ? (
        <EmptyState>No upcoming exams available.</EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Scheduled exams</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">For</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data.upcomingExams.map((exam) => (
                <tr key={exam.id}>
                  <td>{exam.title}</td>
                  <td>{formatDay(exam.exam_date)}</td>
                  <td>{exam.exam_time}</td>
                  <td>{professionLabel(exam.profession)}</td>
                  <td>
                    <Button variant="danger" size="small" aria-label={`Delete exam ${exam.title}`} onClick={() => setToDelete(exam)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        message="Are you sure you want to delete this exam?"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete.id)}
      />
    </AdminLayout>
  );
}
