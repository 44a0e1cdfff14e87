import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage, fieldError } from '../lib/http.js';
import { formatDateTime } from '../lib/format.js';
import { Button } from '../ui/button.js';
import fieldStyles from '../ui/field.module.css';
import { emptiedIfUnchanged, Form, useFieldError } from '../ui/form.js';
import { Pagination } from '../ui/pagination.js';
import { QueryState } from '../ui/query-state.js';
import { FormError } from '../ui/states.js';
import { CASE_NOTES_PAGE_SIZE } from '../../contracts/cases-constants.js';
import { caseNotesQuery, useAddCaseNote } from './admin-api.js';
import styles from './admin-case-details-page.module.css';
import pageStyles from './admin-pages.module.css';

/** Staff's internal notes on a case: written here, never shown to the applicant. */
export function CaseNotesPanel({ caseId }: { caseId: number }) {
  const [page, setPage] = useState(1);
  const notes = useQuery(caseNotesQuery(caseId, page));
  const addNote = useAddCaseNote(caseId);
  const [draft, setDraft] = useState('');
  const bodyError = fieldError(addNote.error, ['body']);

  return (
    <section className={pageStyles.card} aria-labelledby="notes-heading">
      <h2 id="notes-heading" className={pageStyles.cardTitle}>
        Internal Notes
      </h2>
      <p className={pageStyles.muted}>Only staff see these notes; the applicant never does.</p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          const sent = draft;
          addNote.mutate(sent, {
            onSuccess: () => {
              // Not the next note, if one is being written already (emptiedIfUnchanged).
              setDraft(emptiedIfUnchanged(sent, ''));
              setPage(1);
            },
          });
        }}
      >
        <FormError
          message={
            addNote.isError && !bodyError
              ? errorMessage(addNote.error, 'Could not save the note. Please try again.')
              : null
          }
        />
        <NoteField value={draft} onChange={setDraft} serverError={bodyError?.message} />
        <Button type="submit" disabled={addNote.isPending}>
          {addNote.isPending ? 'Saving...' : 'Add note'}
        </Button>
      </Form>
      <QueryState
        query={notes}
        loading="Loading notes..."
        error={(failure) => errorMessage(failure, 'Could not load the notes.')}
        empty="No notes yet."
        isEmpty={(data) => data.total === 0}
      >
        {(data) => (
          <>
            <ol className={styles.timeline} aria-label="Notes">
              {data.notes.map((note) => (
                <li key={note.id} className={styles.timelineEntry}>
                  <p className={`${styles.timelineWhat} ${styles.noteBody}`}>{note.body}</p>
                  <p className={pageStyles.muted}>
                    by {note.author} · <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
                  </p>
                </li>
              ))}
            </ol>
            <Pagination
              page={page}
              pageSize={CASE_NOTES_PAGE_SIZE}
              total={data.total}
              onPageChange={setPage}
              label="Notes pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

/** The note's text box; inside the Form, so the form's own sentence ("Please enter the new note.") shows under it, as the server's does. */
function NoteField({
  value,
  onChange,
  serverError,
}: {
  value: string;
  onChange: (value: string) => void;
  serverError: string | undefined;
}) {
  const id = useId();
  const formError = useFieldError(id);
  const error = serverError ?? formError;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        New note
      </label>
      <textarea
        id={id}
        className={fieldStyles.control}
        rows={3}
        required
        maxLength={4000}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      )}
    </div>
  );
}
