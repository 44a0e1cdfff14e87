import { useLayoutEffect, useRef, type Key, type ReactNode } from 'react';
import styles from './data-table.module.css';

export type Column<T> = {
  /** The column's name: its heading, and the label of its cells when rows become cards on a phone. */
  header: string;
  /**
   * A form control drawn in the heading instead of `header` (e.g. a select-all checkbox), named by
   * `label`. When rows become cards the heading row would be hidden, so the control stays on
   * screen above the cards, its label written out.
   */
  headerControl?: { control: ReactNode; label: string };
  /** Extra props of the heading, e.g. a `title` explaining the column. */
  headerTitle?: string;
  cell: (row: T) => ReactNode;
  /** An identifier (case number, passport number): kept on one line, never broken at its dashes. */
  identifier?: boolean;
  /**
   * The column takes the room the others leave, and its content never widens the table: it wraps
   * within the column instead. A table of long step names stays a table (issue 38).
   */
  fill?: boolean;
  /** A sortable column: its heading is a button; `direction` is the current sort's, if by this column. */
  sort?: { direction: 'ascending' | 'descending' | undefined; onSort: () => void };
};

type Props<T> = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** A class for a row, e.g. to mark rows with problems. */
  rowClassName?: (row: T) => string | undefined;
  /** Under the table, e.g. its pagination. */
  footer?: ReactNode;
  /** Tighter rows, for the lists staff work in all day. */
  dense?: boolean;
};

/**
 * The admin areas' table. Text breaks only between words and identifiers stay whole. Wherever the
 * table is wider than its place (a phone, a tablet, a narrow card, long case numbers), each row
 * becomes a card whose cells are labelled by their column, so it never scrolls sideways or clips
 * its actions.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowClassName, footer, dense = false }: Props<T>) {
  const wrap = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  // Measured, not guessed from the window's width: the table is laid out as a table and, if it is
  // wider than its place, switched to cards, all before the browser paints (no flash, no layout
  // shift). Again whenever its place or its rows change. An attribute set here, not state: it only
  // changes how the same elements are drawn.
  useLayoutEffect(() => {
    const place = wrap.current;
    const element = table.current;
    if (!place || !element) return;
    const fit = () => {
      delete place.dataset.layout;
      if (element.offsetWidth > place.clientWidth + 1) place.dataset.layout = 'cards';
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(place);
    return () => observer.disconnect();
  }, [rows, columns]);
  return (
    <div ref={wrap} className={dense ? `${styles.wrap} ${styles.dense}` : styles.wrap}>
      <table ref={table} className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                title={column.headerTitle}
                aria-sort={column.sort ? (column.sort.direction ?? 'none') : undefined}
                className={column.headerControl ? styles.withControl : undefined}
              >
                {column.headerControl ? (
                  <label className={styles.headerControl}>
                    {column.headerControl.control}
                    <span className={styles.headerControlLabel}>{column.headerControl.label}</span>
                  </label>
                ) : column.sort ? (
                  <button type="button" className={styles.sortButton} onClick={column.sort.onSort}>
                    {column.header}
                    <span aria-hidden="true" className={styles.sortMark}>
                      {column.sort.direction === 'ascending' ? '▲' : column.sort.direction === 'descending' ? '▼' : '↕'}
                    </span>
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={
                    [column.identifier && styles.identifier, column.fill && styles.fill].filter(Boolean).join(' ') ||
                    undefined
                  }
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}
