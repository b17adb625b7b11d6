/**
 * The catalogue engine of one connection: any collection's list (kept in the cache, so it
 * opens offline with its age), one record, and create / update / delete with the service's
 * answer turned into what a form can show. A 403 makes the collection read-only for the rest
 * of the connection; a 400's message is returned with the field it names.
 */
import { catalogueSchemas, COLLECTION_OPS, fieldNamedIn, IDENTITY_FIELD, type CollectionId } from '../../../common/catalogue';
import { FleetError, isFleetError } from '../../../common/errors';
import type { CatalogueList, CatalogueRecord, CatalogueWrite } from '../../../common/methods/catalogue';
import { ApiError, type FleetApi, type LooseRecord } from '../api';
import type { Cache } from '../cache';
import { outboxKind, type OutboxKind } from '../sync/outbox-replay';
import { catalogueOutboxKind, type CataloguePayload } from './pending';
import { PendingList } from './pending-list';
import { collectionSources } from './sources';
import type { CollectionSource } from './source';

export interface CatalogueDeps {
  api: FleetApi;
  cache: Cache;
  /** A collection's list changed here: the screens showing it reload. */
  changed: (collection: CollectionId) => void;
  /** A queued edit of `collection` landed at replay (the geozone map redraws). */
  replayed?: (collection: CollectionId) => void;
  now?: () => number;
}

const FORBIDDEN_WORDS = 'Your account is not allowed to change this collection (the service answered 403).';

function message(e: unknown): string {
  if (e instanceof ApiError && e.serverMessage) return e.serverMessage;
  return e instanceof Error ? e.message : String(e);
}

/** Failures after which the edit may still be made later unchanged: it waits in the outbox. */
const LATER = new Set(['offline', 'server_error', 'rate_limited', 'unknown_outcome']);

/** A collection id in words, for the pending changes' summaries: driverKeys → driver keys. */
const words = (c: CollectionId) => c.replace(/[A-Z]/g, (m) => ` ${m.toLowerCase()}`);

const nameIn = (r: Record<string, unknown> | undefined, id: number) => String(r?.Name ?? r?.Login ?? r?.UId ?? `#${id}`);

const isRecord = (r: unknown): r is CatalogueRecord => typeof r === 'object' && r !== null && typeof (r as { Id?: unknown }).Id === 'number';

/** The connection's outbox as the catalogue uses it. */
export interface OutboxQueue {
  flush: () => void;
  outboxChanged: () => void;
  abandon: (id: number) => void;
}

export class CatalogueService {
  private readonly sources: Record<CollectionId, CollectionSource>;
  private readonly readOnly = new Map<CollectionId, string>();
  private readonly now: () => number;
  private queue: OutboxQueue | null = null;
  readonly pending: PendingList;

  constructor(private readonly d: CatalogueDeps) {
    this.sources = collectionSources(d.api);
    this.now = d.now ?? Date.now;
    this.pending = new PendingList({
      cache: d.cache,
      source: (c) => this.sources[c],
      changed: d.changed,
      now: this.now,
      outboxChanged: () => {
        this.queue?.outboxChanged();
        this.queue?.flush();
      },
      abandon: (id) => this.queue?.abandon(id),
    });
  }

  /** The outbox kind that replays this connection's queued edits. */
  outboxKind(): OutboxKind<unknown> {
    const changed = (c: CollectionId) => {
      this.d.changed(c);
      this.d.replayed?.(c);
    };
    return outboxKind(catalogueOutboxKind({ cache: this.d.cache, source: (c) => this.sources[c], changed, now: this.now }));
  }

  /** Writes that cannot be made now are queued once the outbox is there (`connection/open.ts`). */
  attach(queue: OutboxQueue): void {
    this.queue = queue;
  }

  private cached(c: CollectionId, id: number): LooseRecord | undefined {
    return this.d.cache.reference.get<LooseRecord>(this.sources[c].kind, id);
  }

  source(c: CollectionId): CollectionSource {
    return this.sources[c];
  }

  private kept(c: CollectionId, staleReason: string | null): CatalogueList {
    const kind = this.sources[c].kind;
    return {
      collection: c,
      records: this.d.cache.reference.list<CatalogueRecord>(kind),
      fetchedAt: this.d.cache.reference.fetchedAt(kind),
      staleReason,
      readOnly: this.readOnly.get(c) ?? null,
    };
  }

  /** The service's list, kept; when it cannot be had, the kept list and why (a 403 with no copy: empty and read-only). */
  async list(c: CollectionId, cached = false): Promise<CatalogueList> {
    if (cached) return this.kept(c, null);
    const s = this.sources[c];
    try {
      const records = (await s.list()).filter(isRecord);
      this.d.cache.reference.replaceAll(s.kind, records, this.now());
      return this.kept(c, null);
    } catch (e) {
      if (isFleetError(e) && e.code === 'forbidden') {
        this.readOnly.set(c, 'Your account may not see or change this collection (the service answered 403).');
        return this.kept(c, message(e));
      }
      if (isFleetError(e) && (e.code === 'unauthorized' || e.code === 'invalid_input')) throw e;
      const kept = this.kept(c, message(e));
      if (kept.fetchedAt === null) throw e;
      return kept;
    }
  }

  async get(c: CollectionId, id: number): Promise<CatalogueRecord> {
    const r = await this.sources[c].get(id);
    if (!isRecord(r)) throw new FleetError('not_found', `${c} ${id} no longer exists on the server`);
    return r;
  }

  /** Validates with the collection's schema (all fields on create, the given ones on update); throws invalid_input. */
  validate(c: CollectionId, record: Record<string, unknown>, partial: boolean): Record<string, unknown> {
    const schema = catalogueSchemas[c];
    const parsed = (partial ? schema.partial() : schema).safeParse(record);
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      throw new FleetError('invalid_input', `${i.path.join('.') || c}: ${i.message}`);
    }
    const out = parsed.data as Record<string, unknown>;
    // A write-only password left empty keeps the current one.
    if (c === 'users' && !out.Password) delete out.Password;
    // No company chosen: the service gives a new user the caller's.
    if (c === 'users' && out.CompanyId === 0) delete out.CompanyId;
    return out;
  }

  private refuse(c: CollectionId, op: 'create' | 'update' | 'delete'): void {
    if (!COLLECTION_OPS[c].includes(op)) throw new FleetError('invalid_input', `The service does not offer to ${op} ${c}`);
    const ro = this.readOnly.get(c);
    if (ro) throw new FleetError('forbidden', ro);
  }

  /** A service refusal as a form shows it; other failures (offline, 5xx, unknown outcome) are thrown. */
  private answer(c: CollectionId, e: unknown, later: () => CataloguePayload): CatalogueWrite {
    if (!isFleetError(e)) throw e;
    if (LATER.has(e.code) && this.queue) {
      const p = later();
      const pendingId = this.pending.enqueue(p);
      return { status: 'queued', pendingId, message: `The service did not answer (${message(e)}). “${p.summary}” is kept as a pending change and sent when it answers again.` };
    }
    if (e.code === 'forbidden') {
      this.readOnly.set(c, FORBIDDEN_WORDS);
      this.d.changed(c);
      return { status: 'forbidden', message: `${FORBIDDEN_WORDS} ${message(e)}`.trim() };
    }
    if (e.code === 'invalid_input' || e.code === 'not_found') {
      const m = message(e);
      return { status: 'refused', message: m, field: fieldNamedIn(c, m), ...(e.code === 'not_found' ? { notFound: true } : {}) };
    }
    throw e;
  }

  private keep(c: CollectionId, record: LooseRecord): void {
    this.d.cache.reference.put(this.sources[c].kind, record, this.now());
    this.d.changed(c);
  }

  async create(c: CollectionId, record: Record<string, unknown>): Promise<CatalogueWrite> {
    this.refuse(c, 'create');
    const body = this.validate(c, record, false);
    try {
      const w = await this.sources[c].create!(body);
      const saved = w.record ?? (w.id !== null ? { ...body, Id: w.id } : null);
      if (isRecord(saved)) this.keep(c, saved);
      else this.d.changed(c);
      return { status: 'saved', record: isRecord(saved) ? saved : null };
    } catch (e) {
      const field = IDENTITY_FIELD[c];
      const same = this.d.cache.reference.list<LooseRecord>(this.sources[c].kind).filter((r) => r[field] === body[field]);
      return this.answer(c, e, () => ({
        op: 'create', collection: c, record: body, base: null, force: false,
        existingIds: same.map((r) => r.Id).filter((x): x is number => typeof x === 'number'),
        summary: `Create ${words(c)} “${nameIn(body, 0)}”`,
      }));
    }
  }

  async update(c: CollectionId, id: number, record: Record<string, unknown>): Promise<CatalogueWrite> {
    this.refuse(c, 'update');
    const body = { ...this.validate(c, record, true), Id: id };
    try {
      const w = await this.sources[c].update!(body);
      const before = this.d.cache.reference.get<LooseRecord>(this.sources[c].kind, id);
      const saved = isRecord(w.record) ? w.record : { ...before, ...body };
      this.keep(c, saved);
      return { status: 'saved', record: saved as CatalogueRecord };
    } catch (e) {
      const base = this.cached(c, id) ?? null;
      return this.answer(c, e, () => ({
        op: 'update', collection: c, id, record: body, base, force: false, existingIds: [],
        summary: `Change ${Object.keys(body).filter((k) => k !== 'Id').join(', ')} of ${words(c)} “${nameIn(base ?? undefined, id)}”`,
      }));
    }
  }

  async remove(c: CollectionId, id: number): Promise<CatalogueWrite> {
    this.refuse(c, 'delete');
    try {
      await this.sources[c].remove!(id);
      this.d.cache.reference.delete(this.sources[c].kind, id);
      this.d.changed(c);
      return { status: 'deleted' };
    } catch (e) {
      const base = this.cached(c, id) ?? null;
      return this.answer(c, e, () => ({ op: 'delete', collection: c, id, base, force: false, existingIds: [], summary: `Delete ${words(c)} “${nameIn(base ?? undefined, id)}”` }));
    }
  }

  async imeiAvailable(imei: string): Promise<{ imei: string; available: boolean }> {
    return { imei, available: await this.d.api.objects.isImeiAvailable(imei) };
  }

  /** Model names, whether the service lists records ({Name}) or plain strings. */
  async models(): Promise<{ models: string[] }> {
    const raw = await this.d.api.objects.models();
    const names = raw.map((m) => (typeof m === 'object' && m !== null ? String((m as { Name?: unknown }).Name ?? '') : String(m)));
    return { models: names.filter((n) => n !== '') };
  }

  async companyStats(companyId: number): Promise<{ stats: Record<string, unknown> | null }> {
    const raw = await this.d.api.companies.statistics();
    const rows = Array.isArray(raw) ? raw : [raw];
    const row = rows.find((r) => typeof r === 'object' && r !== null && (r as { CompanyId?: unknown }).CompanyId === companyId);
    return { stats: (row as Record<string, unknown> | undefined) ?? null };
  }
}
