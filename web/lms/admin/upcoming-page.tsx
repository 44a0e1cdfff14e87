import { useState, type FormEvent } from 'react';
import { audiences } from '../../../contracts/lms-constants.js';
import type { UpcomingExam } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { choiceOf } from '../../lib/choices.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { emptiedIfUnchanged, Form } from '../../ui/form.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import { formatDay, professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { useAddUpcomingExam, useAdminUpcomingExams, useDeleteUpcomingExam } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

const emptyForm = { title: '', exam_date: '', exam_time: '09:00', profession: 'all' };

export default function UpcomingPage() {
  const list = useAdminUpcomingExams();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<UpcomingExam | null>(null);
  const add = useAddUpcomingExam();
  const remove = useDeleteUpcomingExam();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const sent = form;
    add.mutate(
      { ...sent, profession: choiceOf(audiences, sent.profession) },
      {
        onSuccess: () => {
          // Emptied for the next exam unless that is being typed already (the list shows the saved
          // one as it refetches, a moment before this runs): emptiedIfUnchanged.
          setForm(emptiedIfUnchanged(sent, emptyForm));
          setError(null);
        },
        onError: (e) => setError(`Error adding exam: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
      },
    );
  };
  return (
    <AdminLayout title="Upcoming Exams">
      <Form
        className={styles.card}
        onSubmit={onSubmit}
        style={{ marginBottom: '1.5rem' }}
        aria-label="Schedule an exam"
      >
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
      </Form>
      <QueryState
        query={list}
        error="Failed to load upcoming exams."
        empty="No upcoming exams available."
        isEmpty={(data) => data.upcomingExams.length === 0}
      >
        {(data) => (
          <DataTable
            caption="Scheduled exams"
            rows={data.upcomingExams}
            rowKey={(exam) => exam.id}
            columns={[
              { header: 'Title', cell: (exam) => exam.title },
              { header: 'Date', cell: (exam) => formatDay(exam.exam_date) },
              { header: 'Time', cell: (exam) => exam.exam_time },
              { header: 'For', cell: (exam) => professionLabel(exam.profession) },
              {
                header: 'Actions',
                cell: (exam) => (
                  <Button
                    variant="danger"
                    size="small"
                    aria-label={`Delete exam ${exam.title}`}
                    onClick={() => setToDelete(exam)}
                  >
                    Delete
                  </Button>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <ConfirmDialog
        open={toDelete !== null}
        message="Are you sure you want to delete this exam?"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onError: (e) => setError(`Error deleting exam: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </AdminLayout>
  );
}
