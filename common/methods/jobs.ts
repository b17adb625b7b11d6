/**
 * Bulk administration (issue 23): the Admin table's reads and the job engine
 * (main/core/jobs/). A job is a list of items kept in a journal before the first request;
 * the screen and the command line drive the same engine. Every value the user types or
 * imports is checked here, so a handler never sees a negative odometer or a bad date.
 */
import { z } from 'zod';
import { method, push } from '../define';

/** What a job writes. 'delete' has no revert; every other kind keeps the previous value. */
export const JOB_KINDS = ['odometer', 'engine-hours', 'owner', 'icon', 'paid-till', 'group-add', 'group-remove', 'delete', 'history-import'] as const;
export type JobKind = (typeof JOB_KINDS)[number];
export const jobKind = z.enum(JOB_KINDS);

/** pending → sending → done | failed | skipped. */
export type ItemState = 'pending' | 'sending' | 'done' | 'failed' | 'skipped';
/** 'interrupted': the process stopped while it ran (found so at the next start); resume it. */
export type JobState = 'queued' | 'running' | 'paused' | 'waiting' | 'interrupted' | 'cancelled' | 'done' | 'failed' | 'stopped';

/** One row of the Admin table. null: not known yet (ask `admin/counters` for visible rows). */
export interface AdminObjectRow {
  id: number;
  name: string;
  plate: string;
  imei: string;
  companyId: number | null;
  company: string;
  model: string;
  groupIds: number[];
  groups: string[];
  /** km */
  odometer: number | null;
  /** hours */
  engineHours: number | null;
  /** Unix ms; null when the service did not say. */
  paidTill: number | null;
  iconId: number | null;
}

export interface AdminObjects {
  rows: AdminObjectRow[];
  /** When the list was read from the service (Unix ms). */
  fetchedAt: number;
}

export interface AdminCounters {
  objectId: number;
  odometer: number | null;
  engineHours: number | null;
  /** Why the value could not be read, in words. */
  error?: string;
}

export interface AdminChoice {
  id: number;
  name: string;
}
export interface AdminIcon extends AdminChoice {
  /** base64 PNG from POST Objects/geticons, when the service gave one. */
  image?: string;
}

/** Fields a file column can map to. 'ignore' drops the column. */
export const IMPORT_FIELDS = ['ignore', 'id', 'imei', 'plate', 'name', 'odometer', 'engine-hours', 'company', 'icon', 'paid-till'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** The fields that say which object a row is (tried in this order when several are mapped). */
export const MATCH_FIELDS = ['id', 'imei', 'plate', 'name'] as const;

export interface ImportSheet {
  /** A handle for `jobs/import-match`: the parsed rows stay on the main side. */
  importId: string;
  fileName: string;
  columns: string[];
  /** The guessed field per column, same order as `columns`. */
  mapping: ImportField[];
  /** First rows as read (for the mapping step), each cell a string. */
  sample: string[][];
  rowCount: number;
}

export type MatchProblemKind = 'unmatched' | 'ambiguous' | 'unparseable' | 'decrease' | 'jump' | 'duplicate';
export interface MatchProblem {
  /** 1-based row of the file, the header being row 1. */
  row: number;
  kind: MatchProblemKind;
  /** In words: "no object with IMEI 3521…", "odometer 120 km is lower than the current 4 503 km". */
  message: string;
  /** The objects a value matched (ambiguous) or the one it matched (decrease, jump). */
  objectIds: number[];
}

/** One object a job will change: what it is now and what it will be. */
export interface PreviewRow {
  row: number | null;
  objectId: number;
  name: string;
  /** Display strings (km, hours, company name, date); null when the current value could not be read. */
  current: string | null;
  next: string;
}

/** An item for a job: the object and the value to set (odometer km, engine hours, company id, icon id, group id, paid-till as 'YYYY-MM-DD' or Unix ms; none for delete). */
const itemArg = z.object({
  objectId: z.number().int().positive(),
  value: z.union([z.number().finite().nonnegative(), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')]).nullable().default(null),
  /** The file row it came from, for the results. */
  row: z.number().int().positive().nullable().default(null),
});
export type JobItemInput = z.input<typeof itemArg>;

const jobSpec = z.object({
  kind: jobKind,
  items: z.array(itemArg).min(1).max(100_000),
  /** Shown in the history ("Odometers from workshop.csv"). */
  label: z.string().max(200).optional(),
});

export interface MatchReport {
  importId: string;
  kind: JobKind;
  /** Rows that match one object and carry a value that parses: what `jobs/start` would send. */
  items: Array<{ row: number; objectId: number; value: number | string | null }>;
  problems: MatchProblem[];
}

export interface JobProgress {
  jobId: number;
  state: JobState;
  total: number;
  done: number;
  failed: number;
  skipped: number;
  remaining: number;
  /** items per second over the last minute. */
  rate: number;
  /** seconds left at that rate; null when unknown. */
  etaS: number | null;
  /** In words, when the job stopped or waits: "Waiting for the service", "The account may not change objects (403)". */
  message: string | null;
}

export interface JobSummary extends JobProgress {
  kind: JobKind;
  label: string;
  /** The login that ran it. */
  user: string;
  server: string;
  createdAt: number;
  finishedAt: number | null;
  /** The job this one reverts or retries. */
  parentId: number | null;
  /** false for delete and for a job whose previous values were not all read. */
  revertible: boolean;
}

export interface JobItemRow {
  seq: number;
  row: number | null;
  objectId: number;
  objectName: string;
  /** Display strings. */
  oldValue: string | null;
  newValue: string;
  state: ItemState;
  /** The server's Message for a failure. */
  message: string | null;
  /** Unix ms of the last change. */
  at: number | null;
}

const jobId = z.object({ jobId: z.number().int().positive() });

export const jobsMethods = {
  /** Every object the account sees, for the Admin table (odometer and engine hours from what is known). */
  'admin/objects': method<AdminObjects>()(z.object({ refresh: z.boolean().default(false) })),
  /** Reads odometer and engine hours of these objects (the visible rows or the selection). */
  'admin/counters': method<AdminCounters[]>()(z.object({ objectIds: z.array(z.number().int().positive()).min(1).max(500) })),
  /** Companies for the owner picker (GET Companies). */
  'admin/companies': method<AdminChoice[]>()(z.object({})),
  /** Icons for the icon picker (GET Objects/Icons with images from geticons). */
  'admin/icons': method<AdminIcon[]>()(z.object({})),
  /** Object groups for add to / remove from group. */
  'admin/groups': method<AdminChoice[]>()(z.object({})),
  /** Reads a CSV or XLSX file: its columns, a guessed mapping and the first rows. invalid_input when unreadable. */
  'jobs/import-parse': method<ImportSheet>()(
    z.object({ fileName: z.string().min(1).max(300), bytes: z.instanceof(Uint8Array) }),
  ),
  /** Matches the parsed rows to objects with the user's mapping; lists every problem with its row. `excludeRows` leaves rows out. */
  'jobs/import-match': method<MatchReport>()(
    z.object({
      importId: z.string().min(1),
      kind: jobKind,
      mapping: z.array(z.enum(IMPORT_FIELDS)),
      excludeRows: z.array(z.number().int().positive()).default([]),
      /** Rows whose odometer decrease or jump the user has seen and keeps. */
      acceptRows: z.array(z.number().int().positive()).default([]),
    }),
  ),
  /** Dry run: per object, current value → new value (reads the current values; sends no write). */
  'jobs/preview': method<PreviewRow[]>()(jobSpec),
  /** Journals the items and starts the job; progress comes as `jobs/progress`. */
  'jobs/start': method<JobSummary>()(jobSpec.extend({ concurrency: z.number().int().min(1).max(16).optional() }), { write: true }),
  'jobs/pause': method<JobSummary>()(jobId, { write: true }),
  /** Resumes a paused or interrupted job; items confirmed done are never sent again. */
  'jobs/resume': method<JobSummary>()(jobId, { write: true }),
  /** Stops sending; items not sent stay 'skipped'. */
  'jobs/cancel': method<JobSummary>()(jobId, { write: true }),
  /** The jobs history, newest first. */
  'jobs/list': method<JobSummary[]>()(z.object({ limit: z.number().int().min(1).max(1000).default(100) })),
  /** A job's items in order; `failuresOnly` for the failures. */
  'jobs/items': method<{ items: JobItemRow[]; total: number }>()(
    jobId.extend({
      failuresOnly: z.boolean().default(false),
      offset: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(10_000).default(1000),
    }),
  ),
  /** A new job with the failed items of this one. */
  'jobs/retry-failed': method<JobSummary>()(jobId, { write: true }),
  /** A new job setting every done item back to its previous value. invalid_input for delete. */
  'jobs/revert': method<JobSummary>()(jobId, { write: true }),
  /** The results (row, object, old value, new value, status, message, time) as a file. */
  'jobs/export': method<{ fileName: string; bytes: Uint8Array }>()(jobId.extend({ format: z.enum(['csv', 'xlsx']) })),
};

export const jobsPushes = {
  /** Sent as a job advances (at most a few times a second) and on every state change. */
  'jobs/progress': push<JobProgress>(),
};
