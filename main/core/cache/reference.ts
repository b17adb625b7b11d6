/**
 * Keyed JSON collections of reference data (one table, a `kind` column): groups,
 * geozones, drivers, driver keys, event settings, command templates and their group
 * collections. replaceAll() swaps one kind's whole list in a transaction and records the
 * kind's last good time (data set `ref:<kind>`); list() keeps the service's order.
 */
import type { Db } from './db';
import type { MetaRepo } from './meta';

export const REFERENCE_KINDS = [
  'objectGroups',
  'geozones',
  'geozoneGroups',
  'drivers',
  'driverGroups',
  'driverKeys',
  'driverKeyGroups',
  'driverShifts',
  'eventSettings',
  'eventSettingGroups',
  'commandTemplates',
  'reportTemplates',
  'objectIcons',
  // Kept for the catalogue's offline lists (main/core/catalogue/).
  'driverPenalties',
  'users',
  'companies',
  'adminObjects',
] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

const KINDS = new Set<string>(REFERENCE_KINDS);

function checkKind(kind: string): void {
  if (!KINDS.has(kind)) throw new Error(`Unknown reference kind: ${kind}`);
}

/** The key of an item: its `Id` (most resources), else `UId`, else `Uid`. */
export function defaultKey(item: unknown): string {
  const o = item as Record<string, unknown> | null;
  const k = o?.Id ?? o?.UId ?? o?.Uid;
  if (typeof k !== 'number' && typeof k !== 'string') throw new Error('reference item without Id');
  return String(k);
}

export const referenceDataset = (kind: ReferenceKind) => `ref:${kind}`;

export class ReferenceRepo {
  private readonly insert;
  private readonly selectAll;
  private readonly selectRows;
  private readonly selectOne;
  private readonly deleteOne;
  private readonly maxOrd;
  /** Bumped by every change of a kind here, so a lookup built from it knows to rebuild (a single put moves no fetch time). */
  private readonly revisions = new Map<ReferenceKind, number>();

  constructor(
    private readonly db: Db,
    private readonly meta: MetaRepo,
  ) {
    this.insert = db.prepare('INSERT OR REPLACE INTO reference_items (kind, key, ord, json, fetched_at) VALUES (?, ?, ?, ?, ?)');
    this.selectAll = db.prepare('SELECT json FROM reference_items WHERE kind = ? ORDER BY ord').pluck();
    this.selectRows = db.prepare('SELECT key, json FROM reference_items WHERE kind = ? ORDER BY ord');
    this.selectOne = db.prepare('SELECT json FROM reference_items WHERE kind = ? AND key = ?').pluck();
    this.deleteOne = db.prepare('DELETE FROM reference_items WHERE kind = ? AND key = ?');
    this.maxOrd = db.prepare('SELECT coalesce(max(ord), -1) FROM reference_items WHERE kind = ?').pluck();
  }

  /**
   * Replaces every item of `kind` (duplicates by key: the last wins). A list the same as the
   * stored one, item for item, only moves the kind's fetch time: each refresh rewrote every
   * geozone and driver of a large fleet on the main thread, though they seldom change.
   */
  replaceAll<T>(kind: ReferenceKind, items: readonly T[], fetchedAt: number, key: (item: T) => string = defaultKey): void {
    checkKind(kind);
    const rows = items.map((item) => ({ key: key(item), json: JSON.stringify(item) }));
    const stored = this.selectRows.all(kind) as { key: string; json: string }[];
    if (stored.length === rows.length && rows.every((r, i) => r.key === stored[i]!.key && r.json === stored[i]!.json)) {
      this.meta.setLastGood(referenceDataset(kind), fetchedAt);
      return;
    }
    this.db
      .transaction(() => {
        this.db.prepare('DELETE FROM reference_items WHERE kind = ?').run(kind);
        rows.forEach((r, i) => this.insert.run(kind, r.key, i, r.json, Math.round(fetchedAt)));
        this.meta.setLastGood(referenceDataset(kind), fetchedAt);
      })
      .immediate();
    this.bump(kind);
  }

  list<T = unknown>(kind: ReferenceKind): T[] {
    checkKind(kind);
    return (this.selectAll.all(kind) as string[]).map((j) => JSON.parse(j) as T);
  }

  get<T = unknown>(kind: ReferenceKind, key: string | number): T | undefined {
    const j = this.selectOne.get(kind, String(key)) as string | undefined;
    return j === undefined ? undefined : (JSON.parse(j) as T);
  }

  /** Inserts or replaces one item (e.g. after an admin edit); a new item goes last. */
  put<T>(kind: ReferenceKind, item: T, fetchedAt: number, key: (item: T) => string = defaultKey): void {
    checkKind(kind);
    const k = key(item);
    this.db
      .transaction(() => {
        const existing = this.db.prepare('SELECT ord FROM reference_items WHERE kind = ? AND key = ?').pluck().get(kind, k) as
          | number
          | undefined;
        const ord = existing ?? (this.maxOrd.get(kind) as number) + 1;
        this.insert.run(kind, k, ord, JSON.stringify(item), Math.round(fetchedAt));
      })
      .immediate();
    this.bump(kind);
  }

  delete(kind: ReferenceKind, key: string | number): void {
    this.deleteOne.run(kind, String(key));
    this.bump(kind);
  }

  /** How many times `kind` changed through this repository (replaced, put or deleted). */
  revision(kind: ReferenceKind): number {
    return this.revisions.get(kind) ?? 0;
  }

  private bump(kind: ReferenceKind): void {
    this.revisions.set(kind, this.revision(kind) + 1);
  }

  fetchedAt(kind: ReferenceKind): number | null {
    return this.meta.lastGood(referenceDataset(kind));
  }
}
