/**
 * The jobs service: one per process, shared by the Admin screen's handlers and the command
 * line. It builds jobs (checked values, previous values from the object list where the
 * record holds them), journals them, runs them (runner.ts) and answers the history,
 * results, revert, retry and export.
 */
import { randomUUID } from 'node:crypto';
import type {
  ImportField,
  ImportSheet,
  JobItemRow,
  JobKind,
  JobProgress,
  JobState,
  JobSummary,
  MatchReport,
  PreviewRow,
} from '../../../common/methods/jobs';
import { FleetError } from '../../../common/errors';
import type { FleetObject } from '../../../common/resources';
import { guessMapping, parseSheet, type Sheet } from './import-parse';
import { matchRows } from './import-match';
import type { ItemRow, JobRow, Journal, NewItem, Value } from './journal';
import { OPS, inverse, show, type JobApi } from './operations';
import { JobRunner, progressOf, type RunnerOptions } from './runner';
import { resultsCsv, resultsXlsx } from './results-export';
import { mapLimit } from './map-limit';

/** Where a job's requests go: the signed-in connection (app) or the command line's. */
export interface JobTarget {
  api: JobApi;
  server: string;
  login: string;
}

export interface JobsServiceOptions {
  journal: Journal;
  /** The connection to use now; throws `unauthorized` when there is none. */
  target: () => JobTarget;
  onProgress?: (p: JobProgress) => void;
  concurrency?: () => number;
  now?: () => number;
  /** Passed to every runner (tests shorten the waits). */
  runner?: Partial<Omit<RunnerOptions, 'journal' | 'api' | 'jobId' | 'onProgress'>>;
}

export interface JobSpec {
  kind: JobKind;
  items: Array<{ objectId: number; value: Value; row: number | null }>;
  label?: string | undefined;
}

/**
 * A job's HTTP client retries little and briefly: the runner keeps trying an item itself,
 * with its own backoff and its view of the whole job (fewer workers on 429s, waiting
 * while the service is away), so long waits inside one request only slow the job.
 */
export const JOB_HTTP = { retries: 1, backoffBaseMs: 50, backoffMaxMs: 500 } as const;

const OBJECTS_FRESH_MS = 60_000;
const KEPT_IMPORTS = 5;

export class JobsService {
  private readonly running = new Map<number, { runner: JobRunner; done: Promise<JobState> }>();
  private readonly imports = new Map<string, Sheet>();
  private objectsCache: { key: string; at: number; list: FleetObject[] } | null = null;
  private companyNames: { key: string; names: Map<number, string> } | null = null;
  private readonly now: () => number;

  constructor(private readonly o: JobsServiceOptions) {
    this.now = o.now ?? Date.now;
    o.journal.markInterrupted();
  }

  get journal(): Journal {
    return this.o.journal;
  }

  /** Every object the account sees (GET Objects), kept a minute so the steps of one import agree. */
  async objects(refresh = false): Promise<FleetObject[]> {
    const t = this.o.target();
    const key = `${t.server}\n${t.login}`;
    if (!refresh && this.objectsCache?.key === key && this.now() - this.objectsCache.at < OBJECTS_FRESH_MS) return this.objectsCache.list;
    const list = await t.api.objects.list();
    this.objectsCache = { key, at: this.now(), list };
    return list;
  }

  async companies(): Promise<Map<number, string>> {
    const t = this.o.target();
    const key = `${t.server}\n${t.login}`;
    if (this.companyNames?.key === key) return this.companyNames.names;
    const names = new Map<number, string>();
    try {
      for (const c of await t.api.companies.list()) if (typeof c.Id === 'number') names.set(c.Id, typeof c.Name === 'string' ? c.Name : `company ${c.Id}`);
    } catch {
      // Not an administrator: companies are shown by their Id.
    }
    this.companyNames = { key, names };
    return names;
  }

  /** Current odometer or engine hours of these objects, read a few at a time. */
  async readCounters(kind: 'odometer' | 'engine-hours', ids: number[]): Promise<Map<number, number>> {
    const api = this.o.target().api;
    const out = new Map<number, number>();
    await mapLimit(ids, this.concurrency(), async (id) => {
      try {
        out.set(id, await OPS[kind].readOld(api, id) as number);
      } catch {
        // An object whose value cannot be read is checked by nothing here; the job reads it again.
      }
    });
    return out;
  }

  private concurrency(): number {
    return Math.max(1, Math.min(16, this.o.concurrency?.() ?? 4));
  }

  async importParse(fileName: string, bytes: Uint8Array): Promise<ImportSheet> {
    const sheet = await parseSheet(fileName, bytes);
    const importId = randomUUID();
    this.imports.set(importId, sheet);
    while (this.imports.size > KEPT_IMPORTS) this.imports.delete(this.imports.keys().next().value!);
    return { importId, fileName, columns: sheet.columns, mapping: guessMapping(sheet), sample: sheet.rows.slice(0, 20), rowCount: sheet.rows.length };
  }

  sheet(importId: string): Sheet {
    const s = this.imports.get(importId);
    if (!s) throw new FleetError('invalid_input', 'That file is no longer open; choose it again');
    return s;
  }

  async importMatch(a: { importId: string; kind: JobKind; mapping: ImportField[]; excludeRows: number[]; acceptRows: number[] }, sheet = this.sheet(a.importId)): Promise<MatchReport> {
    const objects = await this.objects();
    const companies = a.kind === 'owner' ? [...(await this.companies())].map(([id, name]) => ({ id, name })) : undefined;
    const icons = a.kind === 'icon' ? await this.iconChoices() : undefined;
    const kind = a.kind;
    const r = await matchRows({
      sheet,
      kind,
      mapping: a.mapping,
      exclude: new Set(a.excludeRows),
      accept: new Set(a.acceptRows),
      objects,
      ...(companies?.length ? { companies } : {}),
      ...(icons ? { icons } : {}),
      ...(kind === 'odometer' || kind === 'engine-hours' ? { readCurrent: (ids: number[]) => this.readCounters(kind, ids) } : {}),
    });
    return { importId: a.importId, kind, items: r.items.map(({ row, objectId, value }) => ({ row, objectId, value })), problems: r.problems };
  }

  private async iconChoices(): Promise<Array<{ id: number; name: string }>> {
    const list = await this.o.target().api.objects.icons();
    return list.flatMap((i) => (typeof i === 'object' && typeof i.Id === 'number' ? [{ id: i.Id, name: typeof i.Name === 'string' ? i.Name : `icon ${i.Id}` }] : []));
  }

  /** Checks the values and builds the journal's items (names, previous values the object list holds). */
  private async build(spec: JobSpec): Promise<NewItem[]> {
    const ops = OPS[spec.kind];
    const objects = new Map((await this.objects()).map((x) => [x.Id, x]));
    const seen = new Set<number>();
    return spec.items.map((it, i) => {
      const where = it.row !== null ? `row ${it.row}` : `item ${i + 1}`;
      const obj = objects.get(it.objectId);
      if (!obj) throw new FleetError('invalid_input', `${where}: object ${it.objectId} is not among this account's objects`);
      // A history import sends one object's track in several parts.
      if (seen.has(it.objectId) && spec.kind !== 'history-import') throw new FleetError('invalid_input', `${where}: ${obj.Name} appears twice`);
      seen.add(it.objectId);
      const bad = ops.check(it.value);
      if (bad) throw new FleetError('invalid_input', `${where}: ${bad}`);
      return { objectId: it.objectId, name: obj.Name, value: it.value, row: it.row, ...(ops.fromRecord ? { old: ops.fromRecord(obj) } : {}) };
    });
  }

  /** Dry run: what each object holds now and what it would hold. Sends no write. */
  async preview(spec: JobSpec): Promise<PreviewRow[]> {
    const items = await this.build(spec);
    const names = { companies: await this.companies() };
    const counters = spec.kind === 'odometer' || spec.kind === 'engine-hours' ? await this.readCounters(spec.kind, items.map((x) => x.objectId)) : null;
    return items.map((it) => ({
      row: it.row,
      objectId: it.objectId,
      name: it.name,
      current: show(spec.kind, counters ? counters.get(it.objectId) : it.old, names),
      next: spec.kind === 'delete' ? 'deleted' : (show(spec.kind, it.value, names) ?? ''),
    }));
  }

  async start(spec: JobSpec, o: { concurrency?: number | undefined; parentId?: number } = {}): Promise<JobSummary> {
    const t = this.o.target();
    const items = await this.build(spec);
    const label = spec.label ?? `${spec.kind} of ${items.length} object${items.length === 1 ? '' : 's'}`;
    const id = this.journal.create(
      { kind: spec.kind, label, server: t.server, login: t.login, concurrency: o.concurrency ?? this.concurrency(), parentId: o.parentId ?? null },
      items,
    );
    this.launch(id, t);
    return this.summary(id);
  }

  private launch(id: number, t: JobTarget): void {
    if (!this.journal.claim(id)) throw new FleetError('invalid_input', `Job ${id} is being run by another Fleet Console process`);
    const runner = new JobRunner({ ...this.o.runner, journal: this.journal, api: t.api, jobId: id, onProgress: (p) => this.o.onProgress?.(p), now: this.now });
    const done = runner.run().finally(() => this.running.delete(id));
    this.running.set(id, { runner, done });
  }

  /** Resolves when the job stops running (done, failed, paused, cancelled, stopped). */
  async wait(id: number): Promise<JobState> {
    const r = this.running.get(id);
    return r ? r.done : this.job(id).state;
  }

  private job(id: number): JobRow {
    const j = this.journal.job(id);
    if (!j) throw new FleetError('not_found', `No job ${id}`);
    return j;
  }

  async pause(id: number): Promise<JobSummary> {
    const r = this.running.get(id);
    if (!r) throw new FleetError('invalid_input', `Job ${id} is not running`);
    r.runner.pause();
    await r.done;
    return this.summary(id);
  }

  async cancel(id: number): Promise<JobSummary> {
    const r = this.running.get(id);
    if (r) {
      r.runner.cancel();
      await r.done;
    } else {
      const j = this.job(id);
      if (['done', 'failed', 'cancelled'].includes(j.state)) throw new FleetError('invalid_input', `Job ${id} has already ended`);
      this.journal.skipPending(id, 'Cancelled before it was sent');
      this.journal.setState(id, 'cancelled');
      this.o.onProgress?.(progressOf(this.journal, id, 'cancelled', null));
    }
    return this.summary(id);
  }

  async resume(id: number): Promise<JobSummary> {
    if (this.running.has(id)) return this.summary(id);
    const j = this.job(id);
    if (!['paused', 'interrupted', 'stopped', 'queued', 'waiting', 'running'].includes(j.state)) throw new FleetError('invalid_input', `Job ${id} has ended (${j.state}); retry its failures as a new job instead`);
    const t = this.o.target();
    if (t.server !== j.server || t.login !== j.login) throw new FleetError('invalid_input', `Job ${id} belongs to ${j.login} at ${j.server}; sign in there to resume it`);
    this.launch(id, t);
    return this.summary(id);
  }

  summary(id: number): JobSummary {
    const j = this.job(id);
    const c = this.journal.counts(id);
    const p = progressOf(this.journal, id, j.state, j.message);
    return {
      ...p,
      kind: j.kind,
      label: j.label,
      user: j.login,
      server: j.server,
      createdAt: j.created_at,
      finishedAt: j.finished_at,
      parentId: j.parent_id,
      revertible: j.kind !== 'delete' && c.done > 0 && this.journal.oldsKnown(id),
    };
  }

  list(limit: number): JobSummary[] {
    return this.journal.jobs(limit).map((j) => this.summary(j.id));
  }

  async items(id: number, o: { failuresOnly: boolean; offset: number; limit: number }): Promise<{ items: JobItemRow[]; total: number }> {
    const j = this.job(id);
    const r = this.journal.items(id, o);
    const names = { companies: await this.companies().catch(() => new Map<number, string>()) };
    return { total: r.total, items: r.items.map((it) => this.row(j.kind, it, names)) };
  }

  private row(kind: JobKind, it: ItemRow, names: { companies?: Map<number, string> }): JobItemRow {
    return {
      seq: it.seq,
      row: it.row,
      objectId: it.object_id,
      objectName: it.name,
      oldValue: show(kind, it.old, names),
      newValue: kind === 'delete' ? 'deleted' : (show(kind, it.value, names) ?? ''),
      state: it.state,
      message: it.message,
      at: it.at,
    };
  }

  async retryFailed(id: number): Promise<JobSummary> {
    const j = this.job(id);
    const failed = this.journal.allItems(id).filter((it) => it.state === 'failed');
    if (failed.length === 0) throw new FleetError('invalid_input', `Job ${id} has no failed items`);
    return this.start({ kind: j.kind, label: `Retry of job ${id}: ${j.label}`, items: failed.map((it) => ({ objectId: it.object_id, value: it.value, row: it.row })) }, { parentId: id });
  }

  /** A new job setting every done item back to the value read before it was written. */
  async revert(id: number): Promise<JobSummary> {
    const j = this.job(id);
    if (j.kind === 'delete') throw new FleetError('invalid_input', 'A delete cannot be reverted');
    if (this.running.has(id)) throw new FleetError('invalid_input', `Job ${id} is still running; pause or cancel it first`);
    const byKind = new Map<JobKind, JobSpec['items']>();
    for (const it of this.journal.allItems(id)) {
      if (it.state !== 'done') continue;
      const inv = inverse(j.kind, it.value, it.old);
      if (!inv) continue;
      const list = byKind.get(inv.kind) ?? [];
      list.push({ objectId: it.object_id, value: inv.value, row: it.row });
      byKind.set(inv.kind, list);
    }
    const [entry] = byKind;
    if (!entry) throw new FleetError('invalid_input', `Job ${id} changed nothing that can be set back`);
    return this.start({ kind: entry[0], label: `Revert of job ${id}: ${j.label}`, items: entry[1] }, { parentId: id });
  }

  async exportResults(id: number, format: 'csv' | 'xlsx'): Promise<{ fileName: string; bytes: Uint8Array }> {
    const j = this.job(id);
    const names = { companies: await this.companies().catch(() => new Map<number, string>()) };
    const rows = this.journal.allItems(id).map((it) => this.row(j.kind, it, names));
    const fileName = `job-${id}-${j.kind}-results.${format}`;
    return { fileName, bytes: format === 'csv' ? resultsCsv(rows) : await resultsXlsx(rows, `Job ${id}`) };
  }

  /** Pauses every running job (they resume from the journal later). */
  async close(): Promise<void> {
    const all = [...this.running.values()];
    for (const r of all) r.runner.pause();
    await Promise.all(all.map((r) => r.done.catch(() => undefined)));
  }
}
