/**
 * CSV for every export: papaparse's writer with its formula escaping. A spreadsheet runs a
 * cell that begins with = + - @ (or a tab or CR before one) as a formula, so such a string
 * from the server (an object's name, an event's text) gets a leading `'` and is shown as
 * the text it is. Numbers are never prefixed: papaparse leaves number cells alone, and a
 * string that is only a negative decimal (the exports' fixed-precision coordinates) is a
 * number to a spreadsheet, not a formula.
 */
import Papa from 'papaparse';

export const FORMULA_START = /^(?!-\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/** Rows as CSV text with CRLF line ends (RFC 4180), no trailing line end. */
export function csvRows(rows: readonly (readonly unknown[])[]): string {
  return Papa.unparse(rows as unknown[][], { newline: '\r\n', escapeFormulae: FORMULA_START });
}
