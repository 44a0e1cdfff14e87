/**
 * Spreadsheet programs run a cell starting with = + - @ (or a tab or carriage return) as a formula
 * (CSV injection), so the export writes such a cell with a leading `'`, as spreadsheets do for
 * text. A cell that itself starts with `'` gets one too, so the import can take exactly one off
 * again and a round trip gives back every value as it was.
 */
const GUARDED = /^['=+\-@\t\r]/;

export const guardFormula = (value: string) => (GUARDED.test(value) ? `'${value}` : value);

export const unguardFormula = (value: string) =>
  value.startsWith("'") && GUARDED.test(value.slice(1)) ? value.slice(1) : value;
