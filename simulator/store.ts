/** Mutable state layered over the generated world: catalogue records, acknowledgements, command outcomes. */
import type { CollectionName, World } from './world/generate';
import type { Rec, User } from './world/types';

export interface StoredEvent {
  Id: number;
  ObjectId: number;
  Time: number;
  Type: number;
  Status: number;
  Text: string;
  ResetTime: number;
  NotificationId: number;
}

export class Store {
  readonly acked = new Set<number>();
  /** Events the service created at run time (command outcomes), in Id order. */
  readonly dynamicEvents: StoredEvent[] = [];
  private nextDynamicId = 2 ** 46;
  /** Odometer (km) and engine hours offsets set by SyncOdometer / SyncEngineTime. */
  readonly odometerOffsetKm = new Map<number, number>();
  readonly engineOffsetH = new Map<number, number>();
  /** Files attached through PUT /api/ObjectFiles, by Uid. */
  readonly files = new Map<string, { ObjectId: number; Time: number; Type: string; Uid: string; data: Buffer; name?: string }>();
  private readonly collections = new Map<CollectionName, Map<number, Rec>>();
  private readonly nextIds = new Map<CollectionName, number>();

  constructor(world: Pick<World, 'collections'>) {
    for (const [name, recs] of Object.entries(world.collections) as [CollectionName, Rec[]][]) {
      this.collections.set(name, new Map(recs.map((r) => [r.Id, structuredClone(r)])));
      this.nextIds.set(name, recs.reduce((m, r) => Math.max(m, r.Id), 0) + 1);
    }
  }

  private coll(name: CollectionName): Map<number, Rec> {
    return this.collections.get(name)!;
  }

  list(name: CollectionName, user: User): Rec[] {
    const out: Rec[] = [];
    for (const r of this.coll(name).values()) if (user.IsAdmin || r.CompanyId === user.CompanyId) out.push(r);
    return out;
  }

  get(name: CollectionName, user: User, id: number): Rec | undefined {
    const r = this.coll(name).get(id);
    return r && (user.IsAdmin || r.CompanyId === user.CompanyId) ? r : undefined;
  }

  /** Any record regardless of rights (for the simulator's own lookups). */
  peek(name: CollectionName, id: number): Rec | undefined {
    return this.coll(name).get(id);
  }

  create(name: CollectionName, rec: Omit<Rec, 'Id'>): Rec {
    const id = this.nextIds.get(name)!;
    this.nextIds.set(name, id + 1);
    const full = { ...rec, Id: id } as Rec;
    this.coll(name).set(id, full);
    return full;
  }

  put(name: CollectionName, rec: Rec): void {
    this.coll(name).set(rec.Id, rec);
  }

  remove(name: CollectionName, id: number): boolean {
    return this.coll(name).delete(id);
  }

  addEvent(e: Omit<StoredEvent, 'Id'>): StoredEvent {
    const ev = { Id: this.nextDynamicId++, ...e };
    this.dynamicEvents.push(ev);
    return ev;
  }
}
