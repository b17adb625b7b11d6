/**
 * Who a driver key belongs to, from the cached catalogues (driver keys and drivers, kept by
 * the reference sync and readable offline): a key's UId → its driver's name. The lookup
 * tables are rebuilt only when either catalogue changed: fetched again, or one record written
 * by the Admin screen's catalogue (a key assigned, a driver renamed).
 */
import type { Cache } from '../cache';

interface KeyRec {
  UId?: unknown;
  DriverId?: unknown;
}
interface DriverRec {
  Id?: unknown;
  Name?: unknown;
}

export class DriverNames {
  private stamp = '';
  private byKey = new Map<string, number>();
  private byId = new Map<number, string>();

  constructor(private readonly cache: Pick<Cache, 'reference'>) {}

  /** The driver's name for a key UId (hex, any case); null for a key no driver holds or the cache lacks. */
  ofKey(uid: string | null | undefined): string | null {
    if (!uid) return null;
    this.refresh();
    const id = this.byKey.get(uid.trim().toUpperCase());
    return id === undefined ? null : (this.byId.get(id) ?? null);
  }

  ofDriver(id: unknown): string | null {
    if (typeof id !== 'number' || id === 0) return null;
    this.refresh();
    return this.byId.get(id) ?? null;
  }

  private refresh(): void {
    const ref = this.cache.reference;
    const stamp = `${ref.fetchedAt('driverKeys')}:${ref.fetchedAt('drivers')}:${ref.revision('driverKeys')}:${ref.revision('drivers')}`;
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.byId = new Map();
    for (const d of ref.list<DriverRec>('drivers')) if (typeof d.Id === 'number' && typeof d.Name === 'string' && d.Name.trim()) this.byId.set(d.Id, d.Name);
    this.byKey = new Map();
    for (const k of ref.list<KeyRec>('driverKeys')) {
      if (typeof k.UId === 'string' && typeof k.DriverId === 'number' && k.DriverId !== 0) this.byKey.set(k.UId.trim().toUpperCase(), k.DriverId);
    }
  }
}
