import { useState, type ReactNode } from 'react';
import { Pagination } from '../../ui/pagination.js';
import review from '../exam-review.module.css';
import styles from '../lms.module.css';

/** Rows of a preview page: enough to read a page without scrolling far, few enough to draw at once. */
export const PREVIEW_PAGE_SIZE = 25;

export type PreviewColumn<R> = { header: string; cell: (row: R) => ReactNode };

type Props<R> = {
  /** What a row of the file is called: a CSV row, a GIFT or Aiken line, a QTI package's item. */
  unit: 'Row' | 'Line' | 'Item';
  rows: readonly R[];
  /** The row's number in the file (as a spreadsheet or an editor shows it), its first column. */
  numberOf: (row: R) => number;
  columns: PreviewColumn<R>[];
  /** The row's problem, found in the browser or by the server; none when it is fine. */
  problemOf: (row: R) => string | undefined;
};

/**
 * The preview of every importer (CSV, GIFT, Aiken, QTI): each row of the file with its problem,
 * paged, however long the file; a switch shows only the rows with problems, so a bank of hundreds
 * of questions with one bad row at the end shows that row without paging to it.
 */
export function ImportPreviewTable<R>({ unit, rows, numberOf, columns, problemOf }: Props<R>) {
  const [page, setPage] = useState(1);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const withProblems = rows.filter((row) => problemOf(row) !== undefined);
  const shown = onlyProblems && withProblems.length > 0 ? withProblems : rows;
  const pages = Math.max(1, Math.ceil(shown.length / PREVIEW_PAGE_SIZE));
  // A new file or a refusal may leave fewer pages than the one open.
  const current = Math.min(page, pages);
  const units = `${unit.toLowerCase()}s`;
  return (
    <>
      {withProblems.length > 0 && (
        <label className={styles.actions} style={{ marginBottom: '0.5rem' }}>
          <input
            type="checkbox"
            checked={onlyProblems}
            onChange={(e) => {
              setOnlyProblems(e.target.checked);
              setPage(1);
            }}
          />
          Only {units} with problems ({withProblems.length} of {rows.length})
        </label>
      )}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">Preview of the import</caption>
          <thead>
            <tr>
              <th scope="col">{unit}</th>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice((current - 1) * PREVIEW_PAGE_SIZE, current * PREVIEW_PAGE_SIZE).map((row) => {
              const problem = problemOf(row);
              return (
                <tr key={numberOf(row)} className={problem ? review.errorRow : undefined}>
                  <td>{numberOf(row)}</td>
                  {columns.map((column) => (
                    <td key={column.header}>{column.cell(row)}</td>
                  ))}
                  <td className={problem ? review.rowError : undefined}>{problem ?? ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        label="Preview pages"
        page={current}
        pageSize={PREVIEW_PAGE_SIZE}
        total={shown.length}
        onPageChange={setPage}
      />
    </>
  );
}
