import { useLayoutEffect, useRef, type CSSProperties, type Key, type ReactNode } from 'react';
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
  /**
   * An identifier (case number, passport number): kept on one line, never broken at its dashes. At
   * a fixed width, one longer than its column is cut with an ellipsis, whole in the cell's tooltip.
   */
  identifier?: boolean;
  /**
   * The column takes the room the others leave, and its content never widens the table: it wraps
   * within the column instead. A table of long step names stays a table (issue 38).
   */
  fill?: boolean;
  /**
   * The column's width (a CSS length, e.g. `'23ch'` or `'7rem'`, padding included), decided once for
   * the screen. When any column has one, the table is laid out from these widths alone
   * (`table-layout: fixed`): no value, however long, changes the layout of the list (issue 38). The
   * columns without one share the room left; a `fill` column's `width` is then its least share.
   */
  width?: string;
  /**
   * Text that wraps between words but shows at most this many lines (a client's name at a desk);
   * the rest is cut with an ellipsis and the whole text is in the cell's tooltip.
   */
  maxLines?: number;
  /**
   * A column a narrow desk can do without (with fixed widths): where the table would not fit with
   * it, it is left out of the table rather than the rows becoming cards; cards show it again. The
   * columns of `optional: 1` go first, then those of `2`.
   */
  optional?: 1 | 2;
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
  // Fixed widths: the table is never narrower than all of them (the fill column's least share
  // included), so the switch to cards depends on the place alone, never on a row.
  const fixed = columns.some((column) => column.width !== undefined);
  const sum = (widths: (string | undefined)[]) => `calc(${widths.map((width) => width ?? '0px').join(' + ')})`;
  const leastWidths = fixed
    ? ({
        '--least-width': sum(columns.map((column) => column.width)),
        '--least-width-compact': sum(columns.map((column) => (column.optional === 1 ? undefined : column.width))),
        '--least-width-compacter': sum(columns.map((column) => (column.optional ? undefined : column.width))),
      } as CSSProperties)
    : undefined;
  const optionalLevels = fixed ? Math.max(0, ...columns.map((column) => column.optional ?? 0)) : 0;
  const table = useRef<HTMLTableElement>(null);
  // The cells that can cut their text: an identifier at a fixed width (one line, an ellipsis) and
  // any text clamped to its lines. Each carries its whole text as its tooltip, always (whether it
  // is cut depends on the font, the zoom and the width, which change without a render), so no
  // number, name or step is out of reach (issue 38). Read from the cell once drawn, so every
  // screen's cells get it whatever they hold (a link, a <bdi>).
  const mayCut = (column: Column<T>) => column.maxLines !== undefined || (fixed && column.identifier === true);
  useLayoutEffect(() => {
    for (const cell of table.current?.querySelectorAll<HTMLElement>('td[data-may-cut]') ?? []) {
      const text = (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) cell.title = text;
      else cell.removeAttribute('title');
    }
  });
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
      const tooWide = () => element.offsetWidth > place.clientWidth + 1;
      if (tooWide() && optionalLevels >= 1) place.dataset.layout = 'compact';
      if (tooWide() && optionalLevels >= 2) place.dataset.layout = 'compacter';
      if (tooWide()) place.dataset.layout = 'cards';
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(place);
    return () => observer.disconnect();
  }, [rows, columns, optionalLevels]);
  return (
    <div ref={wrap} className={dense ? `${styles.wrap} ${styles.dense}` : styles.wrap}>
      <table ref={table} className={fixed ? `${styles.table} ${styles.fixed}` : styles.table} style={leastWidths}>
        <caption className="visually-hidden">{caption}</caption>
        {fixed && (
          <colgroup>
            {columns.map((column) => (
              // A fill column's width is only its least share: its col has none, so it takes the rest.
              <col
                key={column.header}
                className={column.optional ? styles[`optional${column.optional}`] : undefined}
                style={column.width && !column.fill ? { width: column.width } : undefined}
              />
            ))}
          </colgroup>
        )}
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                title={column.headerTitle}
                aria-sort={column.sort ? (column.sort.direction ?? 'none') : undefined}
                className={
                  [column.headerControl && styles.withControl, column.optional && styles[`optional${column.optional}`]]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
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
                  data-may-cut={mayCut(column) || undefined}
                  className={
                    [
                      column.identifier && styles.identifier,
                      column.fill && styles.fill,
                      column.optional && styles[`optional${column.optional}`],
                    ]
                      .filter(Boolean)
                      .join(' ') || undefined
                  }
                >
                  {column.maxLines ? <MaxLines lines={column.maxLines}>{column.cell(row)}</MaxLines> : column.cell(row)}
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

/** At most `lines` lines of text; the whole of it is in its cell's tooltip. */
function MaxLines({ lines, children }: { lines: number; children: ReactNode }) {
  return (
    <span className={styles.maxLines} style={{ WebkitLineClamp: lines }}>
      {children}
    </span>
  );
}
