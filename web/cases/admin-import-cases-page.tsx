import { parse } from 'csv-parse/browser/esm/sync';
import Download from 'lucide-react/icons/download';
import FileUp from 'lucide-react/icons/file-up';
import { useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from '../lib/routing.js';
import {
  exportOnlyColumns,
  importColumnLabels,
  importColumnOf,
  importColumns,
} from '../../contracts/cases-constants.js';
import type { ImportRowError } from '../../contracts/platform.js';
import { csvProblem } from '../../contracts/csv-problem.js';
import { errorMessage, ImportRejected } from '../lib/http.js';
import { readTextFile, TextFileRefused } from '../lib/text-file.js';
import { detectSeparator } from '../../contracts/text-files.js';
import { Button } from '../ui/button.js';
import { DataTable, type Column } from '../ui/data-table.js';
import fieldStyles from '../ui/field.module.css';
import { EmptyState, FormError } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import { useImportCases } from './admin-api.js';
import styles from './admin-pages.module.css';
import importStyles from './admin-import-cases-page.module.css';

const IDENTIFIERS = new Set<string>(['case_number', 'passport_number']);
const PREVIEW_ROWS = 200;

type PreviewRow = { row: number; cells: Record<string, string> };
/** `unknown`: the header's columns the import does not know, as the file spells them (the server refuses the file). */
type Preview = { rows: PreviewRow[]; unknown: string[]; problem: string | null };

/** The file's row number, its columns by the form's names, and what the server found wrong with it. */
// Ours (issue 38), shown only when the file fills them in: most files leave them empty.
const optionalColumns = new Set<string>(['applicant_language', 'owner']);

const previewColumns = (
  errorsByRow: Map<number, ImportRowError[]>,
  unknown: string[],
  rows: readonly PreviewRow[],
): Column<PreviewRow>[] => [
  { header: 'Row', cell: ({ row }) => row },
  ...importColumns
    .filter((column) => !optionalColumns.has(column) || rows.some(({ cells }) => (cells[column] ?? '').trim() !== ''))
    .map((column) => ({
      header: importColumnLabels[column],
      identifier: IDENTIFIERS.has(column),
      cell: ({ cells }: PreviewRow) => cells[column] ?? '',
    })),
  // Shown, so the admin sees what the file holds that the import would not take.
  ...unknown.map((name) => ({
    header: `${name} (unknown column)`,
    cell: ({ cells }: PreviewRow) => cells[name] ?? '',
  })),
  {
    header: 'Problem',
    cell: ({ row }) =>
      errorsByRow
        .get(row)
        ?.map((problem) => problem.error)
        .join('; ') ?? '',
  },
];

/**
 * Reads the file in the browser for the preview, each column by the import's name for it whichever
 * spelling the file uses (as the server reads it); the server checks it again and decides.
 */
function previewOf(csv: string): Preview {
  const unknown: string[] = [];
  try {
    // As the server reads it (server/platform/spreadsheet.ts): the separator from the header, empty
    // columns at the end of the header ignored, rows numbered as a spreadsheet shows them.
    const [header = [], ...records] = parse(csv, {
      delimiter: detectSeparator(csv),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
    const names = header.map((name) => name.trim());
    while (names.length > 0 && names.at(-1) === '') names.pop();
    const columns = names.map((name) => {
      const column = importColumnOf(name);
      if (!column) unknown.push(name);
      return column ?? name;
    });
    const rows = records.flatMap((record, index) =>
      record.every((cell) => cell.trim() === '')
        ? []
        : [{ row: index + 2, cells: Object.fromEntries(columns.map((name, i) => [name, record[i] ?? ''])) }],
    );
    return { rows, unknown, problem: null };
  } catch (error) {
    return { rows: [], unknown, problem: csvProblem(error) };
  }
}

/** An empty file with the form's column names, to fill in a spreadsheet. */
function downloadTemplate() {
  const url = URL.createObjectURL(
    new Blob([`\uFEFF${importColumns.map((column) => importColumnLabels[column]).join(',')}\n`], { type: 'text/csv' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = 'cases-template.csv';
  link.click();
  URL.revokeObjectURL(url);
}

/** Import cases from a CSV file: preview, then all or nothing, with the bad rows named. */
export default function AdminImportCasesPage() {
  const notify = useToast();
  const navigate = useNavigate();
  const fileId = useId();
  const importCases = useImportCases();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const preview = csv === null ? null : previewOf(csv);
  const rejected = importCases.error instanceof ImportRejected ? importCases.error : null;
  const errorsByRow = new Map<number, ImportRowError[]>();
  for (const error of rejected?.rows ?? []) errorsByRow.set(error.row, [...(errorsByRow.get(error.row) ?? []), error]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    importCases.reset();
    const file = event.target.files?.[0];
    setFileName(file?.name ?? '');
    setFileProblem(null);
    try {
      setCsv(file ? await readTextFile(file) : null);
    } catch (error) {
      setCsv(null);
      if (error instanceof TextFileRefused) setFileProblem(error.message);
      else throw error;
    }
  }

  return (
    <>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Import Cases</h1>
          <p className={styles.subtitle}>
            A CSV file with the columns {importColumns.map((column) => importColumnLabels[column]).join(', ')} (or{' '}
            {importColumns.join(', ')}). Services are names or ids separated by “;”. An empty case number gets a
            generated one. An exported file can be imported as it is: its columns {exportOnlyColumns.join(', ')} are
            ignored. Either every row is imported or none is.
          </p>
        </div>
        <div className={styles.rowActions}>
          <Button variant="secondary" onClick={downloadTemplate}>
            <Download aria-hidden="true" size={18} /> Download template
          </Button>
          <Link to="/caseadmin/manage-cases">Back to Cases</Link>
        </div>
      </div>

      <section className={styles.card} aria-label="Choose a file">
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={fileId}>
            CSV file
          </label>
          <input
            id={fileId}
            className={fieldStyles.control}
            type="file"
            accept=".csv,.txt,.tsv,text/csv,text/plain,text/tab-separated-values"
            onChange={(event) => void onFile(event)}
          />
        </div>
        <FormError message={fileProblem ?? preview?.problem ?? null} />
        <FormError
          message={
            preview?.unknown.length
              ? `Unknown column(s): ${preview.unknown.join(', ')}. Rename them to the template's (${importColumns.map((column) => importColumnLabels[column]).join(', ')}) or remove them; nothing has been sent.`
              : null
          }
        />
        <FormError
          message={
            rejected
              ? rejected.message
              : importCases.isError
                ? errorMessage(importCases.error, 'Could not import the cases.')
                : null
          }
        />
        {rejected && rejected.rows.length > 0 && (
          <ul className={importStyles.errors} aria-label="Rows with problems">
            {rejected.rows.map((error, index) => (
              <li key={index}>
                {error.row > 0 ? `Row ${error.row}: ` : ''}
                {error.error}
              </li>
            ))}
          </ul>
        )}
        <div className={styles.formActions}>
          <Button
            disabled={!preview || preview.rows.length === 0 || preview.unknown.length > 0 || importCases.isPending}
            onClick={() =>
              csv !== null &&
              importCases.mutate(csv, {
                onSuccess: ({ imported }) => {
                  notify(`${imported} case(s) imported`);
                  void navigate('/caseadmin/manage-cases');
                },
              })
            }
          >
            <FileUp aria-hidden="true" size={18} />{' '}
            {importCases.isPending ? 'Importing...' : `Import ${preview?.rows.length ?? 0} case(s)`}
          </Button>
        </div>
      </section>

      <section className={styles.card} aria-label="Preview">
        <h2 className={styles.cardTitle}>Preview{fileName ? ` of ${fileName}` : ''}</h2>
        {!preview ? (
          <EmptyState>Choose a file to see its rows here before importing.</EmptyState>
        ) : preview.rows.length === 0 ? (
          <EmptyState>The file has no rows.</EmptyState>
        ) : (
          <>
            <DataTable
              caption={`Preview of ${fileName || 'the file'}`}
              columns={previewColumns(errorsByRow, preview.unknown, preview.rows)}
              rows={preview.rows.slice(0, PREVIEW_ROWS)}
              rowKey={({ row }) => row}
              rowClassName={({ row }) => (errorsByRow.has(row) ? importStyles.bad : undefined)}
            />
            {preview.rows.length > PREVIEW_ROWS && (
              <p className={styles.muted}>
                The first {PREVIEW_ROWS} of {preview.rows.length} rows are shown; rows with problems are all listed
                above.
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}
