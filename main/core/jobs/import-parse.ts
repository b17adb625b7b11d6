/**
 * Reading an import file (CSV through papaparse, XLSX through exceljs) into a header and
 * rows of strings, and guessing what each column holds from its header (then its cells).
 */
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { FleetError } from '../../../common/errors';
import type { ImportField } from '../../../common/methods/jobs';

export interface Sheet {
  fileName: string;
  columns: string[];
  /** Data rows (the header excluded); row i is the file's row i + 2. */
  rows: string[][];
}

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_ROWS = 100_000;

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

export async function parseSheet(fileName: string, bytes: Uint8Array): Promise<Sheet> {
  if (bytes.byteLength === 0) throw new FleetError('invalid_input', `${fileName} is empty`);
  if (bytes.byteLength > MAX_FILE_BYTES) throw new FleetError('invalid_input', `${fileName} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
  const xlsx = /\.xlsx$/i.test(fileName) || isZip(bytes);
  const table = xlsx ? await readXlsx(fileName, bytes) : readCsv(fileName, bytes);
  const nonEmpty = table.filter((r) => r.some((c) => c.trim() !== ''));
  const [header, ...rows] = nonEmpty;
  if (!header) throw new FleetError('invalid_input', `${fileName} has no rows`);
  if (rows.length > MAX_ROWS) throw new FleetError('invalid_input', `${fileName} has ${rows.length} rows; at most ${MAX_ROWS} can be imported at once`);
  const width = Math.max(header.length, ...rows.map((r) => r.length));
  const columns = Array.from({ length: width }, (_, i) => header[i]?.trim() || `Column ${i + 1}`);
  return { fileName, columns, rows: rows.map((r) => Array.from({ length: width }, (_, i) => (r[i] ?? '').trim())) };
}

function readCsv(fileName: string, bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Spreadsheet programs on Windows still save CSV in the ANSI code page.
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  if (text.includes('\u0000')) throw new FleetError('invalid_input', `${fileName} is not a CSV or XLSX file`);
  const out = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const fatal = out.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new FleetError('invalid_input', `${fileName}, row ${(fatal.row ?? 0) + 1}: ${fatal.message}`);
  return out.data;
}

function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    return '';
  }
  return String(v);
}

async function readXlsx(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  // Loaded at first use: at start it was half of the host's module loading.
  const { Workbook } = (await import('exceljs')).default;
  const wb = new Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch (e) {
    throw new FleetError('invalid_input', `${fileName} could not be read as an XLSX workbook (${e instanceof Error ? e.message : String(e)})`);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new FleetError('invalid_input', `${fileName} has no worksheet`);
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    out.push(Array.from(cells, (c) => c ?? ''));
  });
  return out;
}

const GUESSES: Array<[ImportField, RegExp]> = [
  ['imei', /imei/i],
  ['id', /^(id|object ?id|objectid|unit ?id)$/i],
  ['plate', /plate|state ?number|stateno|registration|^reg|licen[cs]e/i],
  ['engine-hours', /engine|hour|moto/i],
  ['odometer', /odo|mileage|kilomet|^km$|distance/i],
  ['paid-till', /paid|payed|till|until|expir/i],
  ['company', /company|owner|customer|client/i],
  ['icon', /icon/i],
  ['name', /name|vehicle|unit|object/i],
];

/** The field each column seems to hold; a field is guessed for one column at most. */
export function guessMapping(sheet: Sheet): ImportField[] {
  const taken = new Set<ImportField>();
  const out: ImportField[] = sheet.columns.map((c) => {
    const hit = GUESSES.find(([f, re]) => !taken.has(f) && re.test(c));
    if (!hit) return 'ignore';
    taken.add(hit[0]);
    return hit[0];
  });
  // A column of 15-digit numbers under an unknown header is an IMEI column.
  if (!taken.has('imei')) {
    const i = out.findIndex((f, col) => f === 'ignore' && sheet.rows.length > 0 && sheet.rows.slice(0, 50).every((r) => /^\d{15}$/.test(r[col] ?? '')));
    if (i >= 0) out[i] = 'imei';
  }
  return out;
}
