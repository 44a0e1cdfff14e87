import Download from 'lucide-react/icons/download';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import Upload from 'lucide-react/icons/upload';
import { useState } from 'react';
import { Link } from '../../lib/routing.js';
import {
  bankStatisticFilters,
  difficulties,
  NO_TOPIC,
  optionLines,
  professions,
  questionTypes,
  type BankStatisticFilter,
} from '../../../contracts/lms-constants.js';
import type { AdminQuestion } from '../../../contracts/lms.js';
import { ApiError, errorMessage } from '../../lib/http.js';
import { Button, buttonClassName } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { ConfirmDialog, Modal } from '../../ui/modal.js';
import { Pagination } from '../../ui/pagination.js';
import { DataTable } from '../../ui/data-table.js';
import { QueryState } from '../../ui/query-state.js';
import { RowMenu } from '../../ui/row-menu.js';
import { ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import { difficultyLabel, professionLabel, questionTypeLabel } from '../labels.js';
import review from '../exam-review.module.css';
import styles from '../lms.module.css';
import { lmsApi } from '../session.js';
import { useAddQuestion, useDeleteQuestion, usePagedList, useUpdateQuestion } from './admin-api.js';
import { QuestionForm } from './question-form.js';
import { AdminLayout } from './admin-layout.js';
import {
  bankFilterAccepts,
  bankFilterDefaults,
  bankQuery,
  downloadQuestionsCsv,
  downloadQuestionsQti,
  useQuestionStatistics,
} from './question-bank-api.js';
import { statisticsColumns, TopicStatistics } from './question-statistics.js';
import { QuestionText } from '../question-text.js';

const statisticFilterText: Record<BankStatisticFilter, string> = {
  'no-answers': 'No answers yet',
  answered: 'Answered',
  flagged: 'Any flag',
  'too-easy': 'Flag: too easy',
  'too-hard': 'Flag: too hard',
  'negative-discrimination': 'Flag: discriminates negatively',
};

/** "Add question": the question form in a dialog over the bank, closed once the question is saved. */
function AddQuestion({ open, onClose }: { open: boolean; onClose: () => void }) {
  const notify = useToast();
  const add = useAddQuestion();
  const close = () => {
    add.reset();
    onClose();
  };
  return (
    <Modal title="Add question" open={open} onClose={close}>
      <QuestionForm
        idPrefix="new-question"
        label="Add question"
        submitLabel="Add question"
        pendingLabel="Adding..."
        failurePrefix="Error adding question: "
        busy={add.isPending}
        failure={add.error}
        onCancel={close}
        onSave={(body) =>
          add.mutateAsync(body).then(() => {
            notify('Question added');
            close();
          })
        }
      />
    </Modal>
  );
}

/**
 * What an admin does to the bank as a whole, above its table: add a question (a dialog), import a
 * file (its own page, for its preview), export the bank (the profession chosen below, or all).
 */
function BankActions({ profession, onAdd }: { profession: string; onAdd: () => void }) {
  const [exportError, setExportError] = useState<string | null>(null);
  const exportWith = (download: (profession: string) => Promise<void>) => {
    setExportError(null);
    download(profession).catch((e: unknown) => setExportError(errorMessage(e, 'The export failed.')));
  };
  return (
    <>
      <div role="group" aria-label="Bank actions" className={styles.actions} style={{ marginBottom: '1rem' }}>
        <Button onClick={onAdd}>
          <span className={review.iconText}>
            <Plus size={16} aria-hidden="true" /> Add question
          </span>
        </Button>
        <Link
          className={buttonClassName('secondary')}
          to={`/lms-system/admin/import${profession ? `?profession=${encodeURIComponent(profession)}` : ''}`}
        >
          <span className={review.iconText}>
            <Upload size={16} aria-hidden="true" /> Import
          </span>
        </Link>
        <Button variant="secondary" onClick={() => exportWith(downloadQuestionsCsv)}>
          <span className={review.iconText}>
            <Download size={16} aria-hidden="true" /> Export CSV
          </span>
        </Button>
        <Button variant="secondary" onClick={() => exportWith(downloadQuestionsQti)}>
          <span className={review.iconText}>
            <Download size={16} aria-hidden="true" /> Export QTI 3.0
          </span>
        </Button>
      </div>
      <FormError message={exportError} />
    </>
  );
}

function EditQuestion({ question, onClose }: { question: AdminQuestion | null; onClose: () => void }) {
  const notify = useToast();
  const update = useUpdateQuestion();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal title="Edit question" open={question !== null} onClose={close}>
      {question && (
        <QuestionForm
          key={question.id}
          question={question}
          idPrefix="edit-question"
          label="Edit question"
          submitLabel="Save question"
          pendingLabel="Saving..."
          failurePrefix="Error saving question: "
          busy={update.isPending}
          failure={update.error}
          onCancel={close}
          onSave={(body) =>
            update.mutateAsync({ id: question.id, body }).then(() => {
              notify('Question saved');
              close();
            })
          }
        />
      )}
    </Modal>
  );
}

/** The question, then its options with the correct one marked (or the expected answer when there are no options). */
function QuestionCell({ question }: { question: AdminQuestion }) {
  // Multiple response marks every right option (the key is one per line).
  const right = new Set(
    question.question_type === 'multiple-response' ? optionLines(question.correct_answer) : [question.correct_answer],
  );
  return (
    <>
      <QuestionText text={question.question} format={question.question_format} />
      {question.options.length > 0 ? (
        <ul className={styles.questionOptions} aria-label="Options">
          {question.options.map((option) => (
            <li key={option} className={right.has(option) ? styles.correctOption : undefined}>
              {right.has(option) && <span className="visually-hidden">Correct answer: </span>}
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
  // Every filter lives in the address, so a filtered bank is a link and survives a reload.
  const { query, page, setPage, pageSize, filters, setFilter } = usePagedList(
    'questions',
    (query) =>
      lmsApi.GET('/exam-questions', {
        params: { query: { page: query.page, pageSize: query.pageSize, ...bankQuery(query) } },
      }),
    bankFilterDefaults,
    bankFilterAccepts,
  );
  const { profession } = filters;
  const statistics = useQuestionStatistics(page, filters);
  const topics = useQuestionStatistics(1, { ...bankFilterDefaults, profession }).data?.topics ?? [];
  const filtered = Object.entries(filters).some(([name, value]) => name !== 'profession' && value !== '');
  const statisticOf = new Map((statistics.data?.statistics ?? []).map((stat) => [stat.id, stat]));
  const [toDelete, setToDelete] = useState<AdminQuestion | null>(null);
  const [editing, setEditing] = useState<AdminQuestion | null>(null);
  const [adding, setAdding] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteQuestion();

  return (
    <AdminLayout title="Exam Question Management">
      <BankActions profession={profession} onAdd={() => setAdding(true)} />
      <FormError message={deleteError} />
      <search className={styles.filters} aria-label="Filter the bank">
        <TextField
          label="Search questions"
          type="search"
          value={filters.q}
          maxLength={200}
          // Each keystroke replaces the address entry rather than adding one per key.
          onChange={(e) => setFilter('q', e.target.value, { replace: true })}
        />
        <SelectField
          label="Show questions for"
          value={profession}
          onChange={(e) => setFilter('profession', e.target.value)}
        >
          <option value="">All professions</option>
          {professions.map((p) => (
            <option key={p} value={p}>
              {professionLabel(p)}
            </option>
          ))}
        </SelectField>
        <SelectField label="Topic" value={filters.topic} onChange={(e) => setFilter('topic', e.target.value)}>
          <option value="">All topics</option>
          {/* An address may name a topic the list no longer has: it stays choosable. */}
          {[...new Set([...topics.map((t) => t.topic), ...(filters.topic ? [filters.topic] : [])])].map((topic) => (
            <option key={topic} value={topic}>
              {topic}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Difficulty"
          value={filters.difficulty}
          onChange={(e) => setFilter('difficulty', e.target.value)}
        >
          <option value="">Any difficulty</option>
          {difficulties.map((d) => (
            <option key={d} value={d}>
              {difficultyLabel(d)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Type"
          value={filters.question_type}
          onChange={(e) => setFilter('question_type', e.target.value)}
        >
          <option value="">Any type</option>
          {questionTypes.map((type) => (
            <option key={type} value={type}>
              {questionTypeLabel(type)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Statistics"
          value={filters.statistic}
          onChange={(e) => setFilter('statistic', e.target.value)}
        >
          <option value="">Any statistics</option>
          {bankStatisticFilters.map((statistic) => (
            <option key={statistic} value={statistic}>
              {statisticFilterText[statistic]}
            </option>
          ))}
        </SelectField>
      </search>
      <QueryState
        query={query}
        error="Failed to fetch exam questions."
        empty={filtered ? 'No question matches these filters.' : 'No questions yet.'}
        isEmpty={(result) => result.data.examQuestions.length === 0}
      >
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
                    items={[
                      { label: 'Edit', icon: <Pencil aria-hidden="true" size={14} />, onSelect: () => setEditing(q) },
                      {
                        label: 'Delete',
                        icon: <Trash2 aria-hidden="true" size={14} />,
                        onSelect: () => setToDelete(q),
                        danger: true,
                      },
                    ]}
                  />
                ),
              },
            ]}
            footer={
              <Pagination
                label="Question pages"
                page={page}
                pageSize={pageSize}
                total={result.total}
                onPageChange={setPage}
              />
            }
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
      <AddQuestion open={adding} onClose={() => setAdding(false)} />
      <EditQuestion question={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this question?"
        // Named, and what goes with it: a deleted question is kept for the attempts that answered it.
        message={
          toDelete
            ? `“${toDelete.question.length > 120 ? `${toDelete.question.slice(0, 120)}…` : toDelete.question}” is no longer served to learners or shown in the bank. Attempts that answered it keep their answers and scores.`
            : ''
        }
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          setDeleteError(null);
          if (toDelete)
            remove.mutate(toDelete.id, {
              onError: (e) =>
                setDeleteError(`Error deleting question: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
              onSettled: () => setToDelete(null),
            });
        }}
      />
    </AdminLayout>
  );
}
