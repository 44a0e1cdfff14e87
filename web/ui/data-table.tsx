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
};

type Props<T> = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Under the table, e.g. its pagination. */
  footer?: ReactNode;
};

/**
 * The admin areas' table. On a phone each row becomes a card whose cells are labelled by their
 * column, so a wide table never scrolls sideways or clips its actions.
 */
export function DataTable<T>({ caption, columns, rows, rowKey, footer }: Props<T>) {
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
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header} data-label={column.header}>
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
