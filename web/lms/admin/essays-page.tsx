import { useState } from 'react';
import { essayStatuses } from '../../../contracts/lms-constants.js';
import type { EssayAnswer } from '../../../contracts/lms.js';
import { choiceOf } from '../../lib/choices.js';
import { ApiError } from '../../lib/http.js';
import { formatDateTime } from '../../lib/format.js';
import { Button } from '../../ui/button.js';
import { SelectField, TextField } from '../../ui/field.js';
import { Pagination } from '../../ui/pagination.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import styles from '../lms.module.css';
import { lmsApi } from '../session.js';
import { useGradeEssay, usePagedList } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';
import { QuestionText } from '../question-text.js';

function EssayCard({
  essay,
  onGraded,
  onError,
}: {
  essay: EssayAnswer;
  onGraded: () => void;
  onError: (message: string) => void;
}) {
  const [note, setNote] = useState(essay.reviewNote ?? '');
  const grade = useGradeEssay();
  const mark = (correct: boolean) =>
    grade.mutate(
      { id: essay.id, correct, note },
      {
        onSuccess: onGraded,
        onError: (e) => onError(`Error grading essay: ${e instanceof ApiError ? e.message : 'Unknown error'}`),
      },
    );
  return (
    <li className={styles.card} style={{ marginBottom: '1rem' }}>
      <QuestionText as="h2" style={{ fontSize: '1rem' }} text={essay.question} format={essay.question_format} />
      <p className={styles.muted}>
        {essay.username} · {formatDateTime(essay.answered_at)} · {essay.outcome}
      </p>
      <h3 style={{ fontSize: '0.9rem' }}>Answer</h3>
      <p style={{ whiteSpace: 'pre-wrap' }}>{essay.userAnswer}</p>
      <h3 style={{ fontSize: '0.9rem' }}>Model answer</h3>
      <p className={styles.muted}>{essay.modelAnswer}</p>
      <TextField label="Note for the record (optional)" value={note} onChange={(e) => setNote(e.target.value)} />
      <div className={styles.actions}>
        <Button size="small" disabled={grade.isPending} onClick={() => mark(true)}>
          Mark correct
        </Button>
        <Button size="small" variant="secondary" disabled={grade.isPending} onClick={() => mark(false)}>
          Mark incorrect
        </Button>
      </div>
    </li>
  );
}

export default function EssaysPage() {
  const [error, setError] = useState<string | null>(null);
  const { query, page, setPage, pageSize, filters, setFilter } = usePagedList(
    'essays',
    (query) =>
      lmsApi.GET('/admin/essays', {
        params: { query: { ...query, status: choiceOf(essayStatuses, query.status) } },
      }),
    { status: 'pending' },
    { status: (value) => choiceOf(essayStatuses, value) !== undefined },
  );
  const { status } = filters;
  return (
    <AdminLayout title="Essay Grading">
      <FormError message={error} />
      <div className={styles.filters}>
        <SelectField label="Show" value={status} onChange={(e) => setFilter('status', e.target.value)}>
          <option value="pending">Awaiting review</option>
          <option value="graded">Graded</option>
        </SelectField>
      </div>
      <QueryState
        query={query}
        error="Failed to fetch essays."
        empty={`No essays ${status === 'pending' ? 'awaiting review' : 'graded yet'}.`}
        isEmpty={(result) => result.data.essays.length === 0}
      >
        {(result) => (
          <>
            <ul className={styles.list}>
              {result.data.essays.map((essay) => (
                <EssayCard key={essay.id} essay={essay} onError={setError} onGraded={() => setError(null)} />
              ))}
            </ul>
            <Pagination
              label="Essay pages"
              page={page}
              pageSize={pageSize}
              total={result.total}
              onPageChange={setPage}
            />
          </>
        )}
      </QueryState>
    </AdminLayout>
  );
}
