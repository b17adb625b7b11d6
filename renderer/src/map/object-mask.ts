/**
 * Which store slots the map shows when the object list's filter narrows it (stores/map-filter.ts):
 * one byte per slot, so a frame tests a slot without a set lookup. Rebuilt only when the
 * filter's ids or the store's slots change.
 */
import type { FleetStore } from '../stores/fleet-store';

export class ObjectMask {
  /** 1 per store slot that is shown, or null for all. */
  private mask: Uint8Array | null = null;
  private maskFor: { ids: ReadonlySet<number> | null; positions: unknown; count: number } = { ids: null, positions: null, count: 0 };

  constructor(
    private readonly store: FleetStore,
    private readonly shownIds: (() => ReadonlySet<number> | null) | undefined,
  ) {}

  /** True when the mask changed. */
  update(): boolean {
    const ids = this.shownIds?.() ?? null;
    const positions = this.store.positions;
    const m = this.maskFor;
    if (ids === m.ids && (ids === null || (positions === m.positions && positions.count === m.count))) return false;
    this.maskFor = { ids, positions, count: positions.count };
    if (!ids) {
      this.mask = null;
      return true;
    }
    const mask = new Uint8Array(positions.count);
    for (const id of ids) {
      const s = this.store.slot(id);
      if (s !== undefined && s < mask.length) mask[s] = 1;
    }
    this.mask = mask;
    return true;
  }

  /** Drawn and clustered: has a fix and passes the filter. */
  shown(i: number): boolean {
    return this.store.positions.time[i] !== 0 && (this.mask === null || this.mask[i] === 1);
  }
}
