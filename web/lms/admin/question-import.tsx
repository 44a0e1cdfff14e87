import { parse } from 'csv-parse/browser/esm/sync';
import { Download, Upload } from 'lucide-react';
import { useState, type ChangeEvent } from 'react';
import { questionCsvColumns } from '../../../contracts/lms-constants.js';
import type { ImportRowError } from '../../../contracts/platform.js';
import { csvProblem } from '../../../contracts/csv-problem.js';
import { errorMessage, ImportRejected } from '../../lib/http.js';
import { readTextFile } from '../../lib/text-file.js';
import { Button } from '../../ui/button.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import review from '../exam-review.module.css';
import styles from '../lms.module.css';
import { downloadQuestionsCsv, useImportQuestions } from './question-bank-api.js';

const PREVIEW_ROWS = 10;
type Preview = { name: string; text: string; rows: Record<string, string>[]; parseError: string | null };

function readPreview(name: string, text: string): Preview {
  try {
    const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
    return { name, text, rows, parseError: null };
  } catch (error) {
    // The server names the row; the preview only says the file could not be read.
    return { name, text, rows: [], parseError: csvProblem(error) };
  }
}

/**
 * Bulk import: choose a CSV, see the first rows, import. The server takes every row or none; when
 * it refuses, each bad row is listed with its spreadsheet row number (the header is row 1).
 */
export function QuestionImport({ profession }: { profession: string }) {
  const notify = useToast();
  const importQuestions = useImportQuestions();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const rowErrors: ImportRowError[] = importQuestions.error instanceof ImportRejected ? importQuestions.error.rows : [];
  const errorsByRow = new Map(rowErrors.map((e) => [e.row, e.error]));

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    importQuestions.reset();
    setPreview(file ? readPreview(file.name, await readTextFile(file)) : null);
  }
  function onImport() {
    if (!preview) return;
    importQuestions.mutate(preview.text, {
      onSuccess: ({ imported }) => {
        notify(`Imported ${imported} questions`);
        setPreview(null);
      },
    });
  }

  return (
    <section className={styles.card} style={{ marginBottom: '1.5rem' }} aria-label="Import questions from CSV">
      <h2>Import questions from CSV</h2>
      <p className={styles.muted}>
        Columns: {questionCsvColumns.join(', ')}. Options are comma-separated inside their cell. Nothing is imported unless every row is valid.
      </p>
      <div className={styles.actions} style={{ marginBottom: '0.75rem' }}>
        <label className={styles.fieldLabel} htmlFor="question-csv">
          CSV file
        </label>
        <input id="question-csv" type="file" accept=".csv,text/csv" onChange={(e) => void onFile(e)} />
        <Button
          variant="secondary"
          onClick={() => {
            setExportError(null);
            downloadQuestionsCsv(profession).catch((e: unknown) => setExportError(errorMessage(e, 'The export failed.')));
          }}
        >
          <span className={review.iconText}>
            <Download size={16} aria-hidden="true" /> Export CSV
          </span>
        </Button>
      </div>
      <FormError message={exportError} />
      {preview?.parseError && <FormError message={`${preview.name} could not be read: ${preview.parseError}`} />}
      {importQuestions.isError && (
        <div role="alert">
          <p className={review.rowError}>{errorMessage(importQuestions.error, 'The import failed.')}</p>
          {rowErrors.length > 0 && (
            <ul aria-label="Rows with errors">
              {rowErrors.map((e) => (
                <li key={`${e.row}-${e.error}`}>
                  Row {e.row}: {e.error}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && !preview.parseError && (
        <>
          <p>
            {preview.name}: {preview.rows.length} question{preview.rows.length === 1 ? '' : 's'}
            {preview.rows.length > PREVIEW_ROWS ? `, the first ${PREVIEW_ROWS} shown` : ''}.
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Preview of the import</caption>
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Question</th>
                  <th scope="col">Type</th>
                  <th scope="col">Correct answer</th>
                  <th scope="col">Profession</th>
                  <th scope="col">Difficulty</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice(0, PREVIEW_ROWS).map((row, i) => {
                  const problem = errorsByRow.get(i + 2);
                  return (
                    <tr key={i} className={problem ? review.errorRow : undefined}>
                      <td>{i + 2}</td>
                      <td>{row.question}</td>
                      <td>{row.question_type}</td>
                      <td>{row.correct_answer}</td>
                      <td>{row.profession}</td>
                      <td>{row.difficulty}</td>
                      <td className={problem ? review.rowError : undefined}>{problem ?? ''}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Button onClick={onImport} disabled={importQuestions.isPending || preview.rows.length === 0}>
            <span className={review.iconText}>
              <Upload size={16} aria-hidden="true" /> {importQuestions.isPending ? 'Importing...' : `Import ${preview.rows.length} questions`}
            </span>
          </Button>
        </>
      )}
    </section>
  );
}
