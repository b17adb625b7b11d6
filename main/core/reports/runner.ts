/**
 * One report over many objects and a long interval: the objects in batches, the interval
 * in windows the service accepts, at most `concurrency` requests at a time. Work goes batch
 * by batch, so the first batch's rows reach the screen while the rest are asked for; a
 * failed batch is named in the table and the others are kept.
 */
import { HISTORY_WINDOW_MS } from '../../../common/history-windows';
import type { Cell, FuelMarks, ReportColumn, ReportKind, ReportRow } from '../../../common/methods/reports';
import { splitWindows } from '../history/windows';
import { mapLimit } from '../jobs/map-limit';
import { mergeWindows, readWindow, type Agg } from './merge';
import { columnsFor, fuelMarks, rowsOf, totalRow, type ObjectInfo } from './table';

export interface RunOptions {
  kind: ReportKind;
  objects: readonly ObjectInfo[];
  from: number;
  till: number;
  /** One request: the report over these objects and one window. */
  fetch: (objectIds: number[], window: { from: number; till: number }, signal: AbortSignal) => Promise<unknown>;
  signal: AbortSignal;
  onBatch?: (b: { done: number; total: number; columns: ReportColumn[]; rows: ReportRow[]; timeZones: Record<number, string> }) => void;
  batchSize?: number;
  concurrency?: number;
  windowMs?: number;
}

export interface RunResult {
  columns: ReportColumn[];
  rows: ReportRow[];
  objectTotals: ReportRow[];
  total: Cell[];
  timeZones: Record<number, string>;
  fuel: FuelMarks[];
  failed: Array<{ objectIds: number[]; message: string }>;
  cancelled: boolean;
  /** The first failure, when every batch failed (the caller may fall back to a cached copy). */
  allFailed?: unknown;
}

export const BATCH_SIZE = 25;
export const CONCURRENCY = 4;

interface Batch {
  objects: ObjectInfo[];
  answers: Array<Map<number, Agg> | undefined>;
  left: number;
  error?: unknown;
  rows?: ReportRow[];
  totals?: ReportRow[];
  fuel?: FuelMarks[];
}

export async function runReport(o: RunOptions): Promise<RunResult> {
  const size = Math.max(1, o.batchSize ?? BATCH_SIZE);
  const windows = splitWindows([{ from: o.from, till: o.till }], o.windowMs ?? HISTORY_WINDOW_MS);
  const columns = columnsFor(o.kind, o.objects);
  const timeZones: Record<number, string> = {};
  for (const x of o.objects) if (x.timeZone) timeZones[x.id] = x.timeZone;
  const batches: Batch[] = [];
  for (let i = 0; i < o.objects.length; i += size) {
    batches.push({ objects: o.objects.slice(i, i + size), answers: windows.map(() => undefined), left: windows.length });
  }
  const tasks = batches.flatMap((b) => windows.map((w, wi) => ({ b, w, wi })));
  let done = 0;

  const finish = (b: Batch): void => {
    b.rows = [];
    b.totals = [];
    b.fuel = [];
    if (b.error === undefined) {
      for (const obj of b.objects) {
        const agg = mergeWindows(o.kind, windows.map((w, wi) => ({ ...w, agg: b.answers[wi]?.get(obj.id) })));
        const { rows, totals } = rowsOf(o.kind, obj, agg, columns);
        b.rows.push(...rows);
        if (totals) b.totals.push(totals);
        const f = fuelMarks(obj, agg);
        if (f) b.fuel.push(f);
      }
    }
    b.answers = [];
    done += b.objects.length;
    o.onBatch?.({ done, total: o.objects.length, columns, rows: b.rows, timeZones: b.error === undefined ? pick(timeZones, b.objects) : {} });
  };

  await mapLimit(tasks, o.concurrency ?? CONCURRENCY, async ({ b, w, wi }) => {
    if (o.signal.aborted || b.error !== undefined) return;
    try {
      const answer = await o.fetch(b.objects.map((x) => x.id), w, o.signal);
      b.answers[wi] = readWindow(o.kind, answer, w);
    } catch (e) {
      if (o.signal.aborted) return;
      b.error = e;
    }
    if (--b.left === 0 || b.error !== undefined) {
      if (b.rows === undefined) finish(b);
    }
  });

  const kept = batches.filter((b) => b.rows !== undefined && b.error === undefined);
  const rows = kept.flatMap((b) => b.rows!);
  const failedBatches = batches.filter((b) => b.error !== undefined);
  return {
    columns,
    rows,
    objectTotals: kept.flatMap((b) => b.totals!),
    total: totalRow(0, `Total (${kept.reduce((s, b) => s + b.objects.length, 0)} objects)`, rows, columns).cells,
    timeZones,
    fuel: kept.flatMap((b) => b.fuel!),
    failed: failedBatches.map((b) => ({ objectIds: b.objects.map((x) => x.id), message: b.error instanceof Error ? b.error.message : String(b.error) })),
    cancelled: o.signal.aborted,
    ...(batches.length > 0 && failedBatches.length === batches.length ? { allFailed: failedBatches[0]!.error } : {}),
  };
}

function pick(zones: Record<number, string>, objs: readonly ObjectInfo[]): Record<number, string> {
  const out: Record<number, string> = {};
  for (const x of objs) if (zones[x.id]) out[x.id] = zones[x.id]!;
  return out;
}
