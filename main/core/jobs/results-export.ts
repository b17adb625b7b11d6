/**
 * A job's results as a file: one line per item (row, object, old value, new value,
 * status, message, time), CSV through papaparse or XLSX through exceljs.
 */
import Papa from 'papaparse';
import type { JobItemRow } from '../../../common/methods/jobs';

const HEADER = ['Row', 'Object Id', 'Object', 'Old value', 'New value', 'Status', 'Message', 'Time (UTC)'];

function line(it: JobItemRow): Array<string | number> {
  return [it.row ?? '', it.objectId, it.objectName, it.oldValue ?? '', it.newValue, it.state, it.message ?? '', it.at === null ? '' : new Date(it.at).toISOString()];
}

/** A cell that a spreadsheet would run as a formula is written as text (leading apostrophe). */
const safe = (v: string | number) => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export function resultsCsv(items: readonly JobItemRow[]): Uint8Array {
  const text = Papa.unparse({ fields: HEADER, data: items.map((it) => line(it).map(safe)) });
  return new TextEncoder().encode(`\uFEFF${text}\r\n`);
}

export async function resultsXlsx(items: readonly JobItemRow[], sheetName = 'Results'): Promise<Uint8Array> {
  // Loaded at first use: at start it was half of the host's module loading.
  const { Workbook } = (await import('exceljs')).default;
  const wb = new Workbook();
  const ws = wb.addWorksheet(sheetName.slice(0, 31));
  ws.addRow(HEADER).font = { bold: true };
  for (const it of items) ws.addRow(line(it));
  ws.columns.forEach((c, i) => (c.width = [6, 10, 28, 16, 16, 9, 40, 24][i] ?? 12));
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
