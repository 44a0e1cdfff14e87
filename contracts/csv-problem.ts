/**
 * A CSV parser's failure (csv-parse's `code` and `lines`) as a sentence for someone who saved the
 * file from a spreadsheet, naming the line when the parser knows it. Shared by the imports'
 * previews in the browser and their checks on the server.
 */
export function csvProblem(error: unknown): string {
  const { code, lines } = (error ?? {}) as { code?: unknown; lines?: unknown };
  const where = typeof lines === 'number' ? ` (line ${lines})` : '';
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `A quoted value is never closed${where}. Check the quotes in the file.`;
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `A quote is in the wrong place${where}. Put quotes around a whole value, and double any quote inside it.`;
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
      return `A row has a different number of values than the header${where}.`;
    case 'CSV_OPTION_COLUMNS_MISSING_NAME':
      return 'A column of the header has no name.';
    default:
      return `The file could not be read as CSV${where}.`;
  }
}
