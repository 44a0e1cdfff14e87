import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ACCEPTED_ANSWER_SEPARATOR,
  difficulties,
  NO_TOPIC,
  parseOptionsText,
  professions,
  questionTypes,
  TOPIC_MAX_LENGTH,
  type QuestionType,
} from '../../../contracts/lms-constants.js';
import type { AdminQuestion } from '../../../contracts/lms.js';
import { ApiError } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { ConfirmDialog } from '../../ui/modal.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { RowMenu } from '../../ui/row-menu.js';
import { ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { difficultyLabel, professionLabel, questionTypeLabel } from '../labels.js';
import styles from '../lms.module.css';
import { useAddQuestion, useDeleteQuestion, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';
import { useQuestionStatistics } from './question-bank-api.js';
import { QuestionImport } from './question-import.js';
import { statisticsColumns, TopicStatistics } from './question-statistics.js';

const emptyForm = { question: '', question_type: 'multiple-choice' as QuestionType, options: '', correct_answer: '', explanation: '', profession: '', difficulty: 'medium', topic: '' };

function QuestionForm() {
  const notify = useToast();
  const [form, setForm] = useState(emptyForm);
  const [error, setError] = useState<string | null>(null);
  const add = useAddQuestion();
  // The error sits above the form: on a phone the button is far below it, so the error is focused (and scrolled to).
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { ...form, options: form.question_type === 'multiple-choice' ? parseOptionsText(form.options) : [] },
      {
        onSuccess: () => {
          setForm(emptyForm);
          setError(null);
          notify('Question added');
        },
        onError: (e) => setError(`Error adding question: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
      },
    );
  };
  return (
    <form className={styles.card} onSubmit={onSubmit} style={{ marginBottom: '1.5rem' }} aria-label="Add New Exam Question">
      <h2>Add New Exam Question</h2>
      <div ref={errorBox} tabIndex={-1}>
        <FormError message={error} />
      </div>
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
              {questionTypeLabel(t)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Difficulty" value={form.difficulty} onChange={set('difficulty')}>
          {difficulties.map((d) => (
            <option key={d} value={d}>
              {difficultyLabel(d)}
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
        <TextField label="Topic" value={form.topic} onChange={set('topic')} hint="For example: Pharmacology" maxLength={TOPIC_MAX_LENGTH} />
        <TextField className={styles.full} label="Explanation" required value={form.explanation} onChange={set('explanation')} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add Question'}
      </Button>
    </form>
  );
}

/** The question, then its options with the correct one marked (or the expected answer when there are no options). */
function QuestionCell({ question }: { question: AdminQuestion }) {
  return (
    <>
      <span>{question.question}</span>
      {question.options.length > 0 ? (
        <ul className={styles.questionOptions} aria-label="Options">
          {question.options.map((option) => (
            <li key={option} className={option === question.correct_answer ? styles.correctOption : undefined}>
              {option === question.correct_answer && <span className="visually-hidden">Correct answer: </span>}
              {option}
            </li>
          ))}
        </ul>
      ) : (
        <span className={styles.questionOptions}>Answer: {question.correct_answer}</span>
      )}
    </>
  );
}

export default function QuestionsPage() {
  const [profession, setProfession] = useState('');
  const { query, page, setPage, pageSize } = usePagedList<{ examQuestions: AdminQuestion[] }>('questions', '/exam-questions', {
    profession: profession || undefined,
  });
  const statistics = useQuestionStatistics(page, profession);
  const statisticOf = new Map((statistics.data?.statistics ?? []).map((stat) => [stat.id, stat]));
  const [toDelete, setToDelete] = useState<AdminQuestion | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteQuestion();

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
      <QueryState query={query} error="Failed to fetch exam questions." empty="No questions yet." isEmpty={(result) => result.data.examQuestions.length === 0}>
        {(result) => (
          <DataTable
            caption="Exam questions"
            rows={result.data.examQuestions}
            rowKey={(q) => q.id}
            dense
            // Few, wide columns (the question with its options under it; type, profession and
            // difficulty together), so the bank stays a table from 1024 px on.
            columns={[
              { header: 'Question', cell: (q) => <QuestionCell question={q} /> },
              {
                header: 'Details',
                cell: (q) => (
                  <span className={styles.questionDetails}>
                    <span>{questionTypeLabel(q.question_type)}</span>
                    <span>{professionLabel(q.profession)}</span>
                    <span>{difficultyLabel(q.difficulty)}</span>
                    <span>{q.topic || <span className={styles.muted}>{NO_TOPIC}</span>}</span>
                  </span>
                ),
              },
              ...statisticsColumns<AdminQuestion>((q) => statisticOf.get(q.id), statistics.isPending),
              {
                header: 'Actions',
                cell: (q) => (
                  <RowMenu
                    label={`Actions for question ${q.id}`}
                    items={[{ label: 'Delete', icon: <Trash2 aria-hidden="true" size={14} />, onSelect: () => setToDelete(q), danger: true }]}
                  />
                ),
              },
            ]}
            footer={<Pagination label="Question pages" page={page} pageSize={pageSize} total={result.total} onPageChange={setPage} />}
          />
        )}
      </QueryState>
      <section className={styles.card} aria-label="Facility by topic" style={{ marginTop: '1.5rem' }}>
        <h2>Facility by topic</h2>
        {statistics.isError ? (
          <ErrorState message="Failed to load the statistics." onRetry={() => void statistics.refetch()} />
        ) : statistics.data ? (
          <TopicStatistics topics={statistics.data.topics} />
        ) : (
          <LoadingState />
        )}
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        message="Are you sure you want to delete this question?"
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          setDeleteError(null);
          if (toDelete)
            remove.mutate(toDelete.id, {
              onError: (e) => setDeleteError(`Error deleting question: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
              onSettled: () => setToDelete(null),
            });
        }}
      />
    </AdminLayout>
  );
}
