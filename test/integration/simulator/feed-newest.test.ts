/**
 * The event feed is the newest FEED_CAP of the unacknowledged events, by time then id, as the
 * simulator lists them: its shortcut (ordering only those at or after the cap's time) must
 * give exactly what ordering every event and taking the last ones gives.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULTS, Sim } from '../../../simulator/sim';
import { eventsBetween, feed, FEED_BACKFILL_MS, FEED_CAP, ruleOf, toJson } from '../../../simulator/routes/event-list';

const AT = Date.parse('2026-11-26T14:00:00Z');

/** Every event in the feed's window, ordered by a plain comparator, then filtered and cut as the route describes. */
function expected(sim: Sim, login: string, muted: boolean) {
  const user = sim.world.users.find((u) => u.Login === login)!;
  const mutedSet = new Set(muted ? user.MutedGroupIds : []);
  const all = [...eventsBetween(sim, sim.visibleObjects(user), sim.startTime - FEED_BACKFILL_MS, sim.now())]
    .reverse()
    .sort((a, b) => a.e.Time - b.e.Time || a.e.Id - b.e.Id);
  const kept = all.filter(({ o, e }) => {
    if (sim.store.acked.has(e.Id)) return false;
    const r = ruleOf(sim, o.CompanyId, e.rule);
    return !(r && mutedSet.has(r.groupId));
  });
  return { user, all, feed: kept.slice(-FEED_CAP).map(({ o, e }) => toJson(sim, o, e)) };
}

describe('the event feed', () => {
  const sim = new Sim({ ...DEFAULTS, seed: 3, objects: 9_000, now: () => AT });

  it('lists events by time then id, and the feed is the newest of them past the cap', () => {
    const admin = expected(sim, 'admin', true);
    expect(admin.all.length).toBeGreaterThan(2 * FEED_CAP);
    const listed = eventsBetween(sim, sim.visibleObjects(admin.user), sim.startTime - FEED_BACKFILL_MS, sim.now());
    expect(listed.map((x) => x.e.Id)).toEqual(admin.all.map((x) => x.e.Id));
    // Same-time events exist: their order is checked too.
    expect(admin.all.some((x, i) => i > 0 && admin.all[i - 1]!.e.Time === x.e.Time)).toBe(true);
    expect(feed(sim, admin.user, true)).toEqual(admin.feed);
  });

  it('leaves out acknowledged events and muted groups before taking the newest', () => {
    const before = expected(sim, 'demo', true);
    // Acknowledge every third of the newest events, and a few just below the cut.
    for (const [i, x] of before.all.slice(-FEED_CAP - 200).entries()) if (i % 3 === 0) sim.store.acked.add(x.e.Id);
    const demo = expected(sim, 'demo', true);
    expect(demo.user.MutedGroupIds.length).toBeGreaterThan(0);
    const got = feed(sim, demo.user, true);
    expect(got).toHaveLength(FEED_CAP);
    expect(got).toEqual(demo.feed);
    expect(got.some((e) => sim.store.acked.has(e.Id))).toBe(false);
    expect(feed(sim, demo.user, false)).toEqual(expected(sim, 'demo', false).feed);
  });
});
