/**
 * A report table as an XLSX workbook with typed cells: times as dates (the object's local
 * wall clock, since a spreadsheet date has no zone), durations as spreadsheet durations,
 * numbers as numbers with the unit in the header. Built on the main side, where exceljs
 * runs without weighing on the page's bundle.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type ExcelJS from 'exceljs';
import type { Cell, ReportColumn, ReportKind, ReportTable } from '../../../common/methods/reports';

export const KIND_TITLE: Record<ReportKind, string> = { moto: 'Engine operation', geozones: 'Geozone visits', counters: 'Counters', fuel: 'Fuel' };

/** Wall-clock time of `ms` in `tz` as a Date whose UTC fields are that wall clock. */
export function wallClock(ms: number, tz: string | undefined): Date {
  const t = tz ? new TZDate(ms, tz) : new TZDate(ms, 'UTC');
  return new Date(Date.UTC(t.getFullYear(), t.getMonth(), t.getDate(), t.getHours(), t.getMinutes(), t.getSeconds()));
}

/** "Fuel - Truck 7 - 2026-11-01 to 2026-11-30": the report, the objects and the interval, in the user's zone (else the first object's). */
export function fileBase(kind: ReportKind, names: readonly string[], from: number, till: number, tz: string | undefined): string {
  const day = (ms: number) => {
    try {
      return format(new TZDate(ms, tz ?? 'UTC'), 'yyyy-MM-dd');
    } catch {
      return format(new TZDate(ms, 'UTC'), 'yyyy-MM-dd');
    }
  };
  const objects = names.length === 1 ? names[0]! : `${names.length} objects`;
  const last = day(Math.max(from, till - 1));
  const span = day(from) === last ? last : `${day(from)} to ${last}`;
  return `${KIND_TITLE[kind]} - ${objects} - ${span}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_').slice(0, 150);
}

export function header(c: ReportColumn): string {
  if (c.type === 'time') return `${c.label} (object's local time)`;
  if (c.type === 'duration') return `${c.label}, h:mm:ss`;
  return c.unit ? `${c.label}, ${c.unit}` : c.label;
}

function typed(c: ReportColumn, v: Cell, tz: string | undefined): ExcelJS.CellValue {
  if (v === null) return null;
  if (c.type === 'time' && typeof v === 'number') return wallClock(v, tz);
  if (c.type === 'duration' && typeof v === 'number') return v / 86_400;
  return v;
}

const FORMAT: Partial<Record<ReportColumn['type'], string>> = { time: 'yyyy-mm-dd hh:mm:ss', duration: '[h]:mm:ss' };

export async function reportXlsx(t: ReportTable): Promise<Uint8Array> {
  // Loaded at first use: at start it was half of the host's module loading.
  const { Workbook } = (await import('exceljs')).default;
  const wb = new Workbook();
  const ws = wb.addWorksheet(KIND_TITLE[t.kind]);
  ws.columns = t.columns.map((c) => ({ header: header(c), key: c.id, width: c.type === 'text' ? 28 : c.type === 'time' ? 20 : 16, style: FORMAT[c.type] ? { numFmt: FORMAT[c.type]! } : {} }));
  ws.getRow(1).font = { bold: true };
  for (const r of t.rows) ws.addRow(t.columns.map((c, i) => typed(c, r.cells[i] ?? null, t.timeZones[r.objectId])));
  const total = ws.addRow(t.columns.map((c, i) => typed(c, t.total[i] ?? null, undefined)));
  total.font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const buf = await wb.xlsx.writeBuffer();
  return new Uint8Array(buf as ArrayBuffer);
}
