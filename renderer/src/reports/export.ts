/**
 * A report's files: XLSX made by the main side (typed cells, exceljs), CSV here through the
 * one formula-safe writer every export uses (ui/csv.ts), and PDF by printing the page with
 * the print stylesheet (reports.css hides everything but the report).
 *
 * PDF: `reports/pdf` asks the main side. The Electron shell saves the page as it prints
 * (main/electron/pdf.ts, webContents.printToPDF behind a save dialog); browser mode answers
 * that the browser's print dialog saves it, and this opens that dialog.
 */
import type { ReportTable } from '../../../common/methods/reports';
import { download } from '../history/export/download';
import { rpc } from '../rpc/client';
import { csvRows } from '../ui/csv';
import { durationText, headerText, timeText, withCoreName } from './format';

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
    t.columns.map((c) => headerText(c, false, false)),
    ...t.rows.map((r) => r.cells.map((v, i) => cell(i, v, t.timeZones[r.objectId]))),
    withCoreName(t.total).map((v, i) => cell(i, v, undefined)),
  ];
  return csvRows(rows);
}

export function exportCsv(t: ReportTable): void {
  download(['\uFEFF', reportCsv(t), '\r\n'], `${t.fileBase}.csv`, 'text/csv;charset=utf-8');
}

/** The virtualised table draws every row while this event's flag is up (ReportTableView). */
const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));

/** Saves the report as PDF; gives the saved file's path, or null (print dialog, or the save dialog closed). */
export async function printReport(t: ReportTable): Promise<string | null> {
  const title = document.title;
  // The browser names the saved PDF after the page title.
  document.title = t.fileBase;
  // printToPDF fires no beforeprint of its own: every row must be drawn before it prints.
  window.dispatchEvent(new Event('beforeprint'));
  try {
    await frame();
    await frame();
    const how = await rpc('reports/pdf', { fileBase: t.fileBase });
    if (how.via === 'print-dialog') {
      window.print();
      return null;
    }
    return how.path;
  } finally {
    window.dispatchEvent(new Event('afterprint'));
    document.title = title;
  }
}
