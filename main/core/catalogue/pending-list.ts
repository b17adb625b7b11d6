/**
 * The catalogue's pending changes as the user sees them: listed, cancelled, and a conflict
 * resolved by keeping mine (sent again as it is) or taking the service's copy.
 */
import { changeWords, type CollectionId } from '../../../common/catalogue';
import { FleetError } from '../../../common/errors';
import type { PendingChange } from '../../../common/methods/catalogue';
import type { Cache, OutboxEntry } from '../cache';
import { CATALOGUE_KIND, isConflict, type CataloguePayload } from './pending';
import type { CollectionSource } from './source';

export interface PendingListDeps {
  cache: Cache;
  source: (c: CollectionId) => CollectionSource;
  changed: (c: CollectionId) => void;
  /** The outbox has a new entry or lost one: push its state and deliver. */
  outboxChanged: () => void;
  /** Stops the entry's delivery if it is on its way (`OutboxReplay.abandon`). */
  abandon: (id: number) => void;
  now: () => number;
}

function toChange(e: OutboxEntry): PendingChange | null {
  if (e.kind !== CATALOGUE_KIND || e.unreadable !== undefined) return null;
  const p = e.payload as CataloguePayload;
  return {
    id: e.id,
    collection: p.collection,
    op: p.op,
    recordId: p.id ?? null,
    summary: p.summary,
    words: changeWords(p),
    state: isConflict(e) ? 'conflict' : e.state,
    lastError: e.lastError,
    record: p.record ?? null,
    base: p.base,
    createdAt: e.createdAt,
  };
}

export class PendingList {
  constructor(private readonly d: PendingListDeps) {}

  enqueue(p: CataloguePayload): number {
    const id = this.d.cache.outbox.enqueue(CATALOGUE_KIND, p);
    this.d.outboxChanged();
    this.d.changed(p.collection);
    return id;
  }

  list(collection?: CollectionId): PendingChange[] {
    const { outbox } = this.d.cache;
    return [...outbox.pending(100_000), ...outbox.failed(100_000)]
      .sort((a, b) => a.id - b.id)
      .map(toChange)
      .filter((c): c is PendingChange => c !== null && (!collection || c.collection === collection));
  }

  private entry(id: number): { e: OutboxEntry; p: CataloguePayload } {
    const e = this.d.cache.outbox.get(id);
    if (!e || e.kind !== CATALOGUE_KIND) throw new FleetError('not_found', `Pending change ${id} no longer exists (it was delivered or cancelled)`);
    return { e, p: e.payload as CataloguePayload };
  }

  /**
   * Drops a change not yet delivered. One on its way is stopped: a create still looking
   * itself up never posts; a request the service already had may still land.
   */
  cancel(id: number): PendingChange[] {
    const { p } = this.entry(id);
    this.d.cache.outbox.discard(id);
    this.d.abandon(id);
    this.d.outboxChanged();
    this.d.changed(p.collection);
    return this.list(p.collection);
  }

  /** A conflict: mine is queued again as it is (over the service's copy), or the service's copy is kept. */
  async resolve(id: number, keep: 'mine' | 'theirs'): Promise<PendingChange[]> {
    const { e, p } = this.entry(id);
    if (e.state !== 'failed') throw new FleetError('invalid_input', `Pending change ${id} is still being delivered`);
    const theirs = p.id !== undefined ? await this.d.source(p.collection).get(p.id) : undefined;
    this.d.cache.transaction(() => {
      this.d.cache.outbox.discard(id);
      if (keep === 'mine') this.d.cache.outbox.enqueue(CATALOGUE_KIND, { ...p, force: true, base: theirs ?? p.base });
      else if (theirs && typeof theirs.Id === 'number') this.d.cache.reference.put(this.d.source(p.collection).kind, theirs, this.d.now());
    });
    this.d.outboxChanged();
    this.d.changed(p.collection);
    return this.list(p.collection);
  }
}
