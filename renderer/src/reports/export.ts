/**
 * A report's files: XLSX made by the main side (typed cells, exceljs), CSV here through the
 * one formula-safe writer every export uses (ui/csv.ts), and PDF by printing the page with
 * the print stylesheet (reports.css hides everything but the report).
 *
 * PDF seam: in browser mode the browser's print dialog saves the PDF. The Electron shell
 * can answer the same button with webContents.printToPDF (main/electron/, the only place
 * that may import electron) once a `reports/pdf` method is added there; nothing here
 * changes but `printReport`.
 */
import type { ReportTable } from '../../../common/methods/reports';
import { download } from '../history/export/download';
import { rpc } from '../rpc/client';
import { csvRows } from '../ui/csv';
import { durationText, headerText, timeText } from './format';

export async function exportXlsx(t: ReportTable): Promise<void> {
  const { bytes, filename } = await rpc('reports/xlsx', { key: t.key });
  download([bytes as Uint8Array<ArrayBuffer>], filename, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
}

/** Times in each object's zone as text, durations as h:mm, numbers as numbers; the total last. */
export function reportCsv(t: ReportTable): string {
  const cell = (i: number, v: unknown, tz: string | undefined) => {
    const c = t.columns[i]!;
    if (typeof v !== 'number') return v ?? '';
    if (c.type === 'time') return timeText(v, tz);
    if (c.type === 'duration') return durationText(v);
    return v;
  };
  const rows = [
    t.columns.map(headerText),
    ...t.rows.map((r) => r.cells.map((v, i) => cell(i, v, t.timeZones[r.objectId]))),
    t.total.map((v, i) => cell(i, v, undefined)),
  ];
  return csvRows(rows);
}

export function exportCsv(t: ReportTable): void {
  download(['\uFEFF', reportCsv(t), '\r\n'], `${t.fileBase}.csv`, 'text/csv;charset=utf-8');
}

export function printReport(t: ReportTable): void {
  const title = document.title;
  // The browser names the saved PDF after the page title.
  document.title = t.fileBase;
  window.print();
  document.title = title;
}
