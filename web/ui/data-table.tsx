import type { Key, ReactNode } from 'react';
import styles from './data-table.module.css';

export type Column<T> = {
  /** The column's name: its heading, and the label of its cells when rows become cards on a phone. */
  header: string;
  /** Drawn in the heading instead of `header`, e.g. a select-all checkbox. */
  headerCell?: ReactNode;
  /** Extra props of the heading, e.g. a `title` explaining the column. */
  headerTitle?: string;
  cell: (row: T) => ReactNode;
  /** An identifier (case number, passport number): kept on one line, never broken at its dashes. */
  identifier?: boolean;
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
};

/**
 * The admin areas' table. Text breaks only between words and identifiers stay whole; on a phone
 * each row becomes a card whose cells are labelled by their column, so a wide table never scrolls
 * sideways or clips its actions.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, rowClassName, footer }: Props<T>) {
  return (
    <div className={styles.wrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" title={column.headerTitle}>
                {column.headerCell ?? column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header} className={column.identifier ? styles.identifier : undefined}>
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
