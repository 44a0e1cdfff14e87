import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ACCEPTED_ANSWER_SEPARATOR, difficulties, parseOptionsText, professions, questionTypes, type AdminQuestion, type QuestionType } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { Pagination } from '../../ui/pagination.js';
import { EmptyState, ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import { lmsRequest } from '../session.js';
import { adminKey, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';
import { useQuestionStatistics } from './question-bank-api.js';
import { QuestionImport } from './question-import.js';
import { StatisticsCells, StatisticsHeaders } from './question-statistics.js';

const emptyForm = { question: '', question_type: 'multiple-choice' as QuestionType, options: '', correct_answer: '', explanation: '', profession: '', difficulty: 'medium' };

function QuestionForm() {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      lmsRequest('/exam-questions', { method: 'POST', body: { ...form, options: form.question_type === 'multiple-choice' ? parseOptionsText(form.options) : [] } }),
    onSuccess: () => {
      setForm(emptyForm);
      setError(null);
      notify('Question added');
      void queryClient.invalidateQueries({ queryKey: adminKey('questions') });
    },
    onError: (e) => setError(`Error adding question: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  return (
    <form className={styles.card} onSubmit={onSubmit} style={{ marginBottom: '1.5rem' }} aria-label="Add New Exam Question">
      <h2>Add New Exam Question</h2>
      <FormError message={error} />
      <div className={styles.formGrid}>
        <div className={styles.full} style={{ marginBottom: '0.9rem' }}>
          <label className={styles.fieldLabel} htmlFor="q-text">
            Question
          </label>
          <textarea id="q-text" className={styles.textarea} required value={form.question} onChange={set('question')} />
        </div>
        <SelectField label="Question type" value={form.question_type} onChange={set('question_type')}>
          {questionTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <SelectField label="Difficulty" value={form.difficulty} onChange={set('difficulty')}>
          {difficulties.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </SelectField>
        {form.question_type === 'multiple-choice' && (
          <TextField className={styles.full} label="Options (comma-separated)" value={form.options} onChange={set('options')} hint="For example: Aspirin, Heparin, Warfarin" />
        )}
        <TextField
          label="Correct answer"
          required
          value={form.correct_answer}
          onChange={set('correct_answer')}
          hint={
            form.question_type === 'fill-in-the-blank'
              ? `Several accepted answers may be separated by ${ACCEPTED_ANSWER_SEPARATOR}`
              : form.question_type === 'essay'
                ? 'A model answer for the grader'
                : 'One of the options'
          }
        />
        <SelectField label="Profession" required value={form.profession} onChange={set('profession')}>
          <option value="">Select a profession</option>
          {professions.map((p) => (
            <option key={p} value={p}>
              {professionLabel(p)}
            </option>
          ))}
        </SelectField>
        <TextField className={styles.full} label="Explanation" required value={form.explanation} onChange={set('explanation')} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Question'}
      </Button>
    </form>
  );
}

export default function QuestionsPage() {
  const queryClient = useQueryClient();
  const [profession, setProfession] = useState('');
  const { query, page, setPage, pageSize } = usePagedList<{ examQuestions: AdminQuestion[] }>('questions', '/exam-questions', {
    profession: profession || undefined,
  });
  const statistics = useQuestionStatistics(page, profession);
  const statisticOf = new Map((statistics.data?.statistics ?? []).map((stat) => [stat.id, stat]));
  const [toDelete, setToDelete] = useState<AdminQuestion | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (id: number) => lmsRequest(`/exam-questions/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKey('questions') }),
    onError: (e) => setDeleteError(`Error deleting question: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
    onSettled: () => setToDelete(null),
  });

  return (
    <AdminLayout title="Exam Question Management">
      <QuestionForm />
      <QuestionImport profession={profession} />
      <FormError message={deleteError} />
      <div className={styles.filters}>
        <SelectField
          label="Show questions for"
          value={profession}
          onChange={(e) => {
            setProfession(e.target.value);
            setPage(1);
          }}
        >
          <option value="">All professions</option>
          {professions.map((p) => (
            <option key={p} value={p}>
              {professionLabel(p)}
            </option>
          ))}
        </SelectField>
      </div>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to fetch exam questions." onRetry={() => void query.refetch()} />
      ) : query.data.data.examQuestions.length === 0 ? (
        <EmptyState>No questions yet.</EmptyState>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Exam questions</caption>
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Type</th>
                <th scope="col">Options</th>
                <th scope="col">Correct answer</th>
                <th scope="col">Profession</th>
                <th scope="col">Difficulty</th>
                <StatisticsHeaders />
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.examQuestions.map((q) => (
                <tr key={q.id}>
                  <td>{q.question}</td>
                  <td>{q.question_type}</td>
                  <td>{q.options.join(', ')}</td>
                  <td>{q.correct_answer}</td>
                  <td>{professionLabel(q.profession)}</td>
                  <td>{q.difficulty}</td>
                  <StatisticsCells statistic={statisticOf.get(q.id)} loading={statistics.isPending} />
                  <td>
                    <Button variant="danger" size="small" aria-label={`Delete question ${q.id}`} onClick={() => setToDelete(q)}>
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination label="Question pages" page={page} pageSize={pageSize} total={query.data.total} onPageChange={setPage} />
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        message="Are you sure you want to delete this question?"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          setDeleteError(null);
          if (toDelete) remove.mutate(toDelete.id);
        }}
      />
    </AdminLayout>
  );
}
