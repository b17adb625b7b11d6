/** Listing events over objects and intervals, with rule lookup, muting and acknowledgement. */
import { z } from 'zod';
import { localDay } from '../motion/plan';
import type { RawEvent } from '../motion/events';
import type { Sim } from '../sim';
import type { ObjectRec, User } from '../world/types';
import { hostileEventText } from '../world/hostile';

const int = z.number().int();
export const EventOut = z.object({
  Id: int,
  ObjectId: int,
  Time: int,
  Type: int.describe('bitmask, see simulator/README.md'),
  Status: int.describe('0 information, 1 warning, 2 alarm'),
  Text: z.string(),
  ResetTime: int,
  NotificationId: int,
});
export type EventJson = z.infer<typeof EventOut>;

/** Events from six hours before start onwards stay in the feed until acknowledged. */
export const FEED_BACKFILL_MS = 6 * 3600_000;
export const FEED_CAP = 10_000;

export function ruleOf(sim: Sim, companyId: number, bit: number): { id: number; groupId: number } | undefined {
  if (!bit) return undefined;
  const id = sim.world.rules.get(companyId)?.get(bit);
  const rec = id !== undefined ? sim.store.peek('EventSettings', id) : undefined;
  return rec ? { id: rec.Id, groupId: Number(rec.GroupId) } : undefined;
}

export function toJson(sim: Sim, o: ObjectRec, e: RawEvent): EventJson {
  return {
    Id: e.Id, ObjectId: e.ObjectId, Time: e.Time, Type: e.Type, Status: e.Status, Text: sim.opts.hostileNames ? hostileEventText(sim.world, e) : e.Text,
    ResetTime: 0, NotificationId: ruleOf(sim, o.CompanyId, e.rule)?.id ?? 0,
  };
}

/** Generated and stored events of the given objects with from <= Time <= till (and Time <= now), by time. */
export function eventsBetween(sim: Sim, objs: ObjectRec[], from: number, till: number): { o: ObjectRec; e: RawEvent }[] {
  const end = Math.min(till, sim.now());
  const out: { o: ObjectRec; e: RawEvent }[] = [];
  if (end < from) return out;
  for (const o of objs) {
    const m = sim.world.motion[o.Id];
    if (!m || m.neverReported) continue;
    for (let d = localDay(m, from); d <= localDay(m, end); d++) {
      if (d < m.firstDay) continue;
      for (const e of sim.events.forPlan(sim.tracker.plans.get(o.Id, d))) if (e.Time >= from && e.Time <= end) out.push({ o, e });
    }
  }
  const ids = new Set(objs.map((o) => o.Id));
  for (const e of sim.store.dynamicEvents) {
    if (e.Time >= from && e.Time <= end && ids.has(e.ObjectId)) out.push({ o: sim.world.objects.get(e.ObjectId)!, e: { ...e, rule: 0 } });
  }
  return out.sort((a, b) => a.e.Time - b.e.Time || a.e.Id - b.e.Id);
}

export function feed(sim: Sim, user: User, muted: boolean): EventJson[] {
  const mutedSet = new Set(muted ? user.MutedGroupIds : []);
  const list = eventsBetween(sim, sim.visibleObjects(user), sim.startTime - FEED_BACKFILL_MS, sim.now())
    .filter(({ o, e }) => {
      if (sim.store.acked.has(e.Id)) return false;
      if (!mutedSet.size) return true;
      const r = ruleOf(sim, o.CompanyId, e.rule);
      return !(r && mutedSet.has(r.groupId));
    });
  return list.slice(-FEED_CAP).map(({ o, e }) => toJson(sim, o, e));
}
