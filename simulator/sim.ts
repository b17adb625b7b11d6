/** The simulator's state: the generated world, motion, auth, faults, write log and edits. */
import { Auth } from './auth';
import { FaultState } from './faults';
import { Events } from './motion/events';
import { Sensors } from './motion/sensors';
import { Tracker } from './motion/track';
import { Store } from './store';
import { generateWorld, type World } from './world/generate';
import { makeHostile } from './world/hostile';
import type { ObjectRec, User } from './world/types';
import { WriteLog } from './writelog';
import { ServedLog } from './http/served-log';
import { forbidden, notFound } from './http/errors';

export interface SimOptions {
  seed: number;
  objects: number;
  tokenTtlS: number;
  historyMaxDays: number;
  /** History sampling rate while moving, Hz. */
  historyHz: number;
  /** Objects 1..dense drive around the clock (dense 1 Hz history). */
  dense: number;
  /** Delay before a command's outcome event, ms. */
  commandDelayMs: number;
  /** Names, event texts and addresses from the hostile-text corpus (world/hostile.ts). */
  hostileNames?: boolean;
  now: () => number;
}

export const DEFAULTS: Omit<SimOptions, 'now'> = {
  seed: 1,
  objects: 200,
  tokenTtlS: 1800,
  historyMaxDays: 31,
  historyHz: 1,
  dense: 1,
  commandDelayMs: 3000,
};

export class Sim {
  readonly world: World;
  readonly tracker: Tracker;
  readonly sensors: Sensors;
  readonly events: Events;
  readonly auth: Auth;
  readonly faults: FaultState;
  readonly log = new WriteLog();
  /** The time each API request took to build and send (GET /__sim/served). */
  readonly served = new ServedLog();
  readonly store: Store;
  readonly startTime: number;

  constructor(readonly opts: SimOptions) {
    this.startTime = opts.now();
    this.world = generateWorld({ seed: opts.seed, objects: opts.objects, dense: opts.dense, startTime: this.startTime });
    if (opts.hostileNames) makeHostile(this.world);
    this.tracker = new Tracker(this.world, opts.now, opts.historyHz);
    this.sensors = new Sensors(this.tracker);
    this.events = new Events(this.tracker, this.sensors);
    this.auth = new Auth(opts.now, opts.tokenTtlS);
    this.faults = new FaultState(opts.seed, opts.now);
    this.store = new Store(this.world);
  }

  now(): number {
    return this.opts.now();
  }

  /** Set by startSimulator when its clock is offset (`clockOffsetMs`); false: this clock cannot be moved. */
  setClockOffset: (ms: number) => boolean = () => false;

  /** Objects the user may see, in Id order. */
  visibleObjects(user: User): ObjectRec[] {
    const out: ObjectRec[] = [];
    for (const o of this.world.objects.values()) if (user.IsAdmin || o.CompanyId === user.CompanyId) out.push(o);
    return out;
  }

  canSee(user: User, companyId: number): boolean {
    return user.IsAdmin || user.CompanyId === companyId;
  }

  /** One object the user may see, or 404 (another company's object is indistinguishable from none). */
  object(user: User, id: number): ObjectRec {
    const o = this.world.objects.get(id);
    if (!o || !this.canSee(user, o.CompanyId)) throw notFound(`Object ${id} not found`);
    return o;
  }

  requireAdmin(user: User): void {
    if (!user.IsAdmin) throw forbidden();
  }

  user(id: number): User | undefined {
    const u = this.world.users.find((x) => x.Id === id);
    if (!u) return undefined;
    const { Password: _p, ...pub } = u;
    return pub;
  }
}
