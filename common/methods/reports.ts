import { z } from 'zod';
import { method, push } from '../define';

/**
 * Reports: the service's four interval reports over chosen objects (run in batches, split
 * into windows the service accepts, merged, cached by report, objects and interval), the
 * report templates the web interface built, and the fleet dashboard from daily statistics.
 */
export const REPORT_KINDS = ['moto', 'geozones', 'counters', 'fuel'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** How a cell is read: a time is Unix ms shown in the row's object time zone; a duration is seconds. */
export type ColumnType = 'text' | 'number' | 'time' | 'duration';
export interface ReportColumn {
  id: string;
  label: string;
  type: ColumnType;
  /** From the objects' sensors where they say (litres, gallons); null when the objects disagree. */
  unit?: string | null;
  /** Whether the column adds up across rows (the totals leave the others blank). */
  sums?: boolean;
}
export type Cell = number | string | null;
export interface ReportRow {
  objectId: number;
  cells: Cell[];
}
/** One object's refuels and drains, for the fuel chart. */
export interface FuelMarks {
  objectId: number;
  startLevel: number;
  endLevel: number;
  refuels: Array<[time: number, volume: number]>;
  drains: Array<[time: number, volume: number]>;
}

export interface ReportTable {
  key: string;
  /** What the exports are called: the report, the objects and the interval. */
  fileBase: string;
  kind: ReportKind;
  from: number;
  till: number;
  objectIds: number[];
  columns: ReportColumn[];
  rows: ReportRow[];
  /** One row per object with rows: its sums (per-object reports repeat the row). */
  objectTotals: ReportRow[];
  total: Cell[];
  /** Each object's IANA time zone (absent: UTC). */
  timeZones: Record<number, string>;
  fuel?: FuelMarks[];
  /** When the service's answers were read (Unix ms). */
  fetchedAt: number;
  /** Objects whose batch failed, and why; the table holds the others. */
  failed: Array<{ objectIds: number[]; message: string }>;
  /** Set when this is a cached copy the service could not refresh now. */
  notRefreshed?: string;
  /** Stopped by the user: the rows of the batches done so far (not cached). */
  cancelled?: boolean;
}

/** Objects done of all; `rows` are the rows of the batch just finished, in the table's order. */
export interface ReportProgress {
  runId: string;
  done: number;
  total: number;
  columns?: ReportColumn[];
  rows?: ReportRow[];
  timeZones?: Record<number, string>;
}

export const reportKind = z.enum(REPORT_KINDS);
const id = z.number().int();
export const ReportRequest = z
  .object({
    kind: reportKind,
    objectIds: z.array(id).max(20_000).default([]),
    groupIds: z.array(id).max(1_000).default([]),
    from: z.number().int(),
    till: z.number().int(),
    /** The user's IANA zone, in which the file names give the interval's days (not part of the cache key). */
    zone: z.string().min(1).max(64).optional(),
  })
  .refine((r) => r.till > r.from, { message: 'The interval ends before it starts' })
  .refine((r) => r.objectIds.length + r.groupIds.length > 0, { message: 'Choose at least one object or group' })
  .refine((r) => r.till - r.from <= 366 * 86_400_000, { message: 'A report covers at most a year' });
export type ReportRequestIn = z.input<typeof ReportRequest>;

export interface ReportTemplate {
  id: number;
  name: string;
  reportType: number | string;
}
export interface TemplateResult {
  id: number;
  name: string;
  from: number | null;
  till: number | null;
  columns: ReportColumn[];
  rows: Cell[][];
}

/** One object's day (DailyStat): length in km, times in seconds, fuel in litres. */
export interface DashboardDay {
  objectId: number;
  day: number;
  km: number;
  engine: number;
  move: number;
  park: number;
  idle: number;
  fuel: number;
  maxSpeed: number;
}
export interface Dashboard {
  from: number;
  till: number;
  objectIds: number[];
  days: DashboardDay[];
  names: Record<number, string>;
  groups: Array<{ id: number; name: string; objectIds: number[] }>;
  speeding: Record<number, number>;
  fetchedAt: number;
  notRefreshed?: string;
}

/** How the PDF was made: saved to `path` (null: the user closed the save dialog), or left to the print dialog. */
export type ReportPdf = { via: 'file'; path: string | null } | { via: 'print-dialog' };

export const reportsMethods = {
  /** Runs (or, offline, reads the cached) report; `runId` names it for progress and cancel. */
  'reports/run': method<ReportTable>()(z.object({ runId: z.string().min(1).max(100), request: ReportRequest, refresh: z.boolean().default(false) })),
  'reports/cancel': method<{ cancelled: boolean }>()(z.object({ runId: z.string().min(1).max(100) })),
  /** The cached table of a request, or null: what the screen shows at once, even offline. */
  'reports/cached': method<{ table: ReportTable | null }>()(z.object({ request: ReportRequest })),
  'reports/xlsx': method<{ bytes: Uint8Array; filename: string }>()(z.object({ key: z.string().min(1).max(200) })),
  /**
   * A PDF of the page as it prints. The Electron shell answers it (main/electron/pdf.ts:
   * a save dialog, webContents.printToPDF); elsewhere the answer is to use the print dialog.
   */
  'reports/pdf': method<ReportPdf>()(z.object({ fileBase: z.string().min(1).max(200) })),
  'reports/templates': method<{ templates: ReportTemplate[]; types: Array<{ id: number | string; name: string }> }>()(z.object({})),
  'reports/template-columns': method<ReportColumn[]>()(z.object({ reportType: z.union([z.number().int(), z.string().min(1).max(50)]) })),
  'reports/template-result': method<TemplateResult>()(z.object({ id })),
  'reports/dashboard': method<Dashboard>()(
    z
      .object({ objectIds: z.array(id).max(20_000).default([]), groupIds: z.array(id).max(1_000).default([]), from: z.number().int(), till: z.number().int(), runId: z.string().min(1).max(100).optional() })
      .refine((r) => r.till > r.from, { message: 'The interval ends before it starts' }),
  ),
};

export const reportsPushes = {
  'reports/progress': push<ReportProgress>(),
};
