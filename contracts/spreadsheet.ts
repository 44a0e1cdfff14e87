import type { Options as CsvParseOptions } from 'csv-parse/sync';
import { unguardFormula } from './csv-formula-guard.js';
import { csvProblem } from './csv-problem.js';
import type { ImportRowError } from './platform.js';
import { detectSeparator, separatorNames, type Separator } from './text-files.js';

/*
 * The one way every import reads a spreadsheet, on the server (inside an import worker) and in the
 * browser's import preview alike, so the preview shows the problems the server would find: the
 * separator taken from the header, empty columns at the end of the header ignored (spreadsheets save
 * a column someone once typed in), rows numbered as a spreadsheet shows them (the header is row 1),
 * and limits checked while the parser reads, so a pathological file stops at its first offending
 * row. The text comes decoded by the shared step (`text-files.ts`). The caller hands in csv-parse's
 * `parse` (the Node build on the server, the browser build in the browser).
 */

/** csv-parse's synchronous `parse`, from whichever build the caller runs. */
export type CsvParse = (input: string, options: CsvParseOptions) => unknown;

export type SheetLimits = {
  /** Data rows, the header not counted. */
  maxRows: number;
  /** Values in one row, empty ones included. */
  maxColumns: number;
  /** What the refusal calls a row: "questions", "cases". */
  rowsName: string;
};
export type SheetRow = { row: number; cells: string[] };
export type Sheet = { header: string[]; rows: SheetRow[]; separator: Separator; errors: ImportRowError[] };

/** A file refused whole: the parser cannot read it or a limit is passed (the server answers it as a 400). */
export class SheetRefused extends Error {
  constructor(
    message: string,
    readonly rows: ImportRowError[],
  ) {
    super(message);
    this.name = 'SheetRefused';
  }
}

class LimitReached extends Error {
  constructor(
    readonly row: number,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/**
 * One pass over the text before the parser builds anything: the values of each row and the rows are
 * counted (quotes respected), so a row of a million empty values or a file of a million rows is
 * refused at its first offending row, in time linear in the file, instead of being built in memory.
 */
function checkLimits(text: string, separator: Separator, limits: SheetLimits): void {
  const sep = separator.charCodeAt(0);
  let row = 1;
  let values = 1;
  let quoted = false;
  // A quote opens a quoted value only at its start; elsewhere it is a character (relax_quotes below).
  let valueStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quoted) {
      if (c === 0x22) {
        if (text.charCodeAt(i + 1) === 0x22) i++;
        else quoted = false;
      }
      continue;
    }
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) {
      row++;
      values = 1;
      valueStart = true;
      continue;
    }
    // Past the last allowed row only empty rows may follow (spreadsheets save some at the end).
    if (row > limits.maxRows + 1 && c !== sep && c !== 0x0d && c !== 0x20 && c !== 0x09)
      throw new SheetRefused(`At most ${limits.maxRows} ${limits.rowsName} per import`, [
        { row, error: `At most ${limits.maxRows} ${limits.rowsName} per import: split the file` },
      ]);
    if (c === 0x22 && valueStart) quoted = true;
    valueStart = c === sep;
    if (c === sep && ++values > limits.maxColumns)
      throw new SheetRefused('The file is not a spreadsheet this import reads', [
        {
          row,
          error: `This row has more than ${limits.maxColumns} values (read with ${separatorNames[separator]}s between them). Delete the empty columns to the right of the data and save again.`,
        },
      ]);
  }
}

/** csv-parse's own failures carry a `code` starting `CSV_` (its CsvError class differs between builds). */
const isCsvError = (error: unknown): error is { code: string; lines?: number } =>
  typeof (error as { code?: unknown } | null)?.code === 'string' && (error as { code: string }).code.startsWith('CSV_');

/**
 * The header and the rows of a CSV text. Refused whole (SheetRefused) when the parser cannot read it
 * or a limit is passed; a row with values beyond the header's last named column is listed in
 * `errors`. Rows with no value at all are skipped (their numbers still count).
 */
export function readSheet(parse: CsvParse, text: string, limits: SheetLimits): Sheet {
  const separator = detectSeparator(text);
  checkLimits(text, separator, limits);
  let width = 0;
  let records: { record: string[]; info: { records: number; lines: number } }[];
  try {
    records = parse(text, {
      delimiter: separator,
      bom: true,
      relax_column_count: true,
      // A quote inside an unquoted value is a character, as Excel reads it (and Google Sheets' TSV writes it).
      relax_quotes: true,
      info: true,
      // One record beyond the limit is enough to know the file has too many.
      to: limits.maxRows + 2,
      // With `info`, csv-parse hands this the record with its info (its types say the bare record).
      on_record: (entry: unknown, context: { records: number }) => {
        const fields = Array.isArray(entry) ? entry : (entry as { record: string[] }).record;
        if (fields.length > limits.maxColumns)
          throw new LimitReached(
            context.records,
            `This row has ${fields.length} values; at most ${limits.maxColumns} are read. Delete the empty columns to the right of the data and save again.`,
          );
        return entry as string[];
      },
      cast: (value: string) => unguardFormula(value),
    }) as typeof records;
  } catch (error) {
    if (error instanceof LimitReached)
      throw new SheetRefused('The file is not a spreadsheet this import reads', [
        { row: error.row, error: error.problem },
      ]);
    if (isCsvError(error))
      throw new SheetRefused('The file is not valid CSV', [{ row: error.lines ?? 1, error: csvProblem(error) }]);
    throw error;
  }
  const [first, ...rest] = records;
  if (!first) throw new SheetRefused('The file is empty', [{ row: 1, error: 'The file has no header row' }]);
  const header = first.record.map((name) => name.trim());
  while (header.length > 0 && header.at(-1) === '') header.pop();
  width = header.length;
  if (rest.length > limits.maxRows)
    throw new SheetRefused(`At most ${limits.maxRows} ${limits.rowsName} per import`, [
      { row: limits.maxRows + 2, error: `At most ${limits.maxRows} ${limits.rowsName} per import: split the file` },
    ]);
  const rows: SheetRow[] = [];
  const errors: ImportRowError[] = [];
  for (const { record, info } of rest) {
    if (record.every((cell) => cell.trim() === '')) continue;
    if (record.length < width) {
      errors.push({
        row: info.records,
        error: `A row has a different number of values than the header (line ${info.lines}): ${record.length} instead of ${width}.`,
      });
      continue;
    }
    const beyond = record.findIndex((cell, index) => index >= width && cell.trim() !== '');
    if (beyond >= 0) {
      errors.push({
        row: info.records,
        error: `Column ${beyond + 1} has a value but no name in the header (the header has ${width} columns, read with ${separatorNames[separator]}s between values)`,
      });
      continue;
    }
    rows.push({ row: info.records, cells: record.slice(0, width) });
  }
  return { header, rows, separator, errors };
}

/** A row as an object by the header's names (the first column of a name wins). */
export function cellsByName(header: string[], row: SheetRow): Record<string, string> {
  const record: Record<string, string> = {};
  header.forEach((name, index) => {
    if (name !== '' && !(name in record)) record[name] = row.cells[index] ?? '';
  });
  return record;
}
