import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { EventsChanged, EventsList } from '../../../common/methods/events';
import type { OutboxState } from '../../../common/methods/outbox';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { EVENTS_PUSH_SLICE, EventsService } from '../../../main/core/services/events';
import { watchUnacknowledged } from '../../../main/core/shell/unacked-count';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { applyDelta, pictureOf, type EventsPicture } from '../../../renderer/src/events/events-merge';
import { call, daytimeClock, drainOutbox, makeCore, services, signIn, startProxy } from './offline-helpers';

const ids = (l: EventsList) => l.events.map((e) => e.Id);

/**
 * events/changed as deltas: what each poll or acknowledgement pushes, against the
 * simulator over HTTP (through a proxy that can refuse acks), with a real SQLite file.
 * The simulator's clock stands still, so only what a test changes changes.
 */
describe('core: events/changed carries only what changed', () => {
  let sim: SimulatorHandle;
  let now = 0;
  beforeAll(async () => {
    now = daytimeClock()();
    sim = await startSimulator({ port: 0, seed: 12, objects: 120, now: () => now });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('pushes a poll’s added and removed events, nothing for a poll without change, an ack as removed and a refusal as upserted; the renderer’s merge and a fresh load agree', async () => {
    const proxy = await startProxy(sim);
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-events-delta-'));
    const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    const core = makeCore(dataDir, memoryVault(), settings);
    const pushes: EventsChanged[] = [];
    const outboxPushes: OutboxState[] = [];
    core.bus.subscribe((p: PushEnvelope) => {
      if (p.name === 'events/changed') pushes.push(p.args as EventsChanged);
      if (p.name === 'outbox/changed') outboxPushes.push(p.args as OutboxState);
    });
    try {
      await signIn(core, proxy.baseUrl);
      const first = await call<EventsList>(core, 'events/list', { scope: 'all' });
      await services(core).pollEvents();
      const loaded = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(loaded.events.length).toBeGreaterThan(20);
      // The feed's events, then the muted groups' with the full list.
      expect(pushes).toHaveLength(2);
      expect(pushes[0]!.upserted.map((e) => e.Id).sort()).toEqual([...loaded.feedIds].sort());
      expect(pushes[1]!.upserted.length).toBe(loaded.events.length - loaded.feedIds.length);
      expect(pushes[1]!.upserted.length).toBeGreaterThan(0);

      // Nothing changed at the service: nothing to push.
      await services(core).pollEvents();
      await services(core).pollEvents();
      expect(pushes).toHaveLength(2);

      // One event raised, one acknowledged elsewhere.
      const gone = loaded.events[3]!;
      const raised = sim.sim.store.addEvent({ ObjectId: gone.ObjectId, Time: now - 1_000, Type: 0x200, Status: 2, Text: 'Alarm button', ResetTime: 0, NotificationId: 0 });
      sim.sim.store.acked.add(gone.Id);
      await services(core).pollEvents();
      expect(pushes).toHaveLength(4);
      // The feed first: the raised event (no muted rule), and the feed's ids without the other.
      const f = pushes[2]!;
      expect(f.base).toBe(loaded.seq);
      expect(f.seq).toBe(loaded.seq + 1);
      expect(f.upserted).toEqual([expect.objectContaining({ Id: raised.Id, Text: 'Alarm button' })]);
      expect(f.removed).toEqual([]);
      expect(f.feedIds).toContain(raised.Id);
      expect(f.feedIds?.includes(gone.Id)).toBe(false);
      // Then the full list: only it says the other was acknowledged elsewhere.
      const d = pushes[3]!;
      expect(d).toMatchObject({ base: f.seq, seq: f.seq + 1, upserted: [], removed: [gone.Id] });
      expect(d.feedIds).toBeUndefined();
      const afterPoll = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(afterPoll.seq).toBe(d.seq);
      expect(ids(afterPoll)[0]).toBe(raised.Id);
      expect(ids(afterPoll)).not.toContain(gone.Id);
      expect(afterPoll.events).toHaveLength(loaded.events.length);

      // An ack hides at once: the next push removes exactly it.
      const x = afterPoll.events[1]!.Id;
      await call(core, 'events/ack', { ids: [x] });
      expect(pushes).toHaveLength(5);
      expect(pushes[4]).toMatchObject({ base: d.seq, seq: d.seq + 1, upserted: [], removed: [x], pendingAckIds: [x], ackErrors: [] });
      expect(ids(await call<EventsList>(core, 'events/list', { scope: 'all' }))).not.toContain(x);

      // The service refuses it: the event comes back, with the reason.
      proxy.override = (key) => (key === 'POST /api/Events/ack' ? { status: 403, body: { Message: 'Not yours to acknowledge' } } : undefined);
      await drainOutbox(core);
      proxy.override = null;
      const back = pushes.at(-1)!;
      expect(back.upserted).toEqual([afterPoll.events[1]]);
      expect(back.removed).toEqual([]);
      expect(back.pendingAckIds).toEqual([]);
      expect(back.ackErrors).toEqual([expect.objectContaining({ eventId: x, error: expect.stringContaining('Not yours to acknowledge') })]);
      expect(outboxPushes.at(-1)!.failed).toBe(1);
      const refused = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(ids(refused)).toEqual(ids(afterPoll));

      // Retried, and this time delivered: gone for good.
      await call(core, 'outbox/retry', { id: back.ackErrors[0]!.entryId });
      await drainOutbox(core);
      await services(core).pollEvents();
      const final = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(ids(final)).not.toContain(x);
      expect(final.seq).toBe(pushes.at(-1)!.seq);

      // The deltas, applied one after the other to the first (empty) load, give what a full load gives.
      let picture: EventsPicture | null = pictureOf(first);
      for (const p of pushes) picture = picture && applyDelta(picture, p);
      expect(picture).not.toBeNull();
      expect(picture!.all).toEqual(final.events);
      expect(new Set(picture!.feedIds)).toEqual(new Set(final.feedIds));
      expect(picture!.ackErrors).toEqual(final.ackErrors);
      // And the model kept from deltas is what a fresh one loaded from the file says.
      const fresh = new EventsService(services(core).cache, () => {}).list('all');
      expect(fresh.events).toEqual(final.events);
      expect(fresh.feedIds).toEqual(final.feedIds);
      expect(fresh.pendingAckIds).toEqual(final.pendingAckIds);
      expect(fresh.ackErrors).toEqual(final.ackErrors);
      const feed = await call<EventsList>(core, 'events/list', { scope: 'feed' });
      expect(feed.events).toEqual(new EventsService(services(core).cache, () => {}).list('feed').events);
    } finally {
      await core.close();
      await proxy.close();
    }
  });
  it('shows the feed before it asks for the full list: a service slow with the list does not hold the feed back', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-events-order-'));
    const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    const core = makeCore(dataDir, memoryVault(), settings);
    const HELD_MS = 800;
    try {
      await signIn(core, sim.baseUrl);
      await call<EventsList>(core, 'events/list', { scope: 'all' });
      await services(core).pollEvents();
      const objectId = (await call<EventsList>(core, 'events/list', { scope: 'all' })).events[0]!.ObjectId;
      const raised = sim.sim.store.addEvent({ ObjectId: objectId, Time: now - 500, Type: 0x200, Status: 2, Text: 'Alarm button', ResetTime: 0, NotificationId: 0 });
      let shownAt: number | null = null;
      core.bus.subscribe((p: PushEnvelope) => {
        if (p.name === 'events/changed' && (p.args as EventsChanged).upserted.some((e) => e.Id === raised.Id)) shownAt ??= Date.now();
      });
      sim.sim.served.clear();
      sim.setFaults({ latencyMs: HELD_MS, pathPattern: '^/api/Events$' });
      await services(core).pollEvents();
      const served = sim.sim.served.list();
      const feed = served.find((r) => r.path === '/api/Events/feed')!;
      const list = served.find((r) => r.path === '/api/Events')!;
      expect(feed.finishedMs).not.toBeNull();
      // Asked once the feed was answered, and the feed was on screen before the list could be.
      expect(list.at).toBeGreaterThanOrEqual(feed.at + feed.finishedMs!);
      expect(shownAt).not.toBeNull();
      expect(shownAt!).toBeLessThan(list.at + HELD_MS);
      expect(ids(await call<EventsList>(core, 'events/list', { scope: 'feed' }))).toContain(raised.Id);
    } finally {
      sim.clearFaults();
      await core.close();
    }
  });
  it('sends a change of thousands of events in slices that chain, the first with what went and the feed, and tells the shell’s count once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-events-slices-'));
    const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    const core = makeCore(dataDir, memoryVault(), settings);
    const pushes: EventsChanged[] = [];
    core.bus.subscribe((p: PushEnvelope) => {
      if (p.name === 'events/changed') pushes.push(p.args as EventsChanged);
    });
    try {
      await signIn(core, sim.baseUrl);
      await call<EventsList>(core, 'events/list', { scope: 'all' });
      await services(core).pollEvents();
      const before = await call<EventsList>(core, 'events/list', { scope: 'all' });
      // A catch-up's worth: 2,500 alarms raised while the console looked away, one acknowledged elsewhere.
      const objectId = before.events[0]!.ObjectId;
      for (let i = 0; i < 2_500; i++) sim.sim.store.addEvent({ ObjectId: objectId, Time: now - 60_000 + i, Type: 0x200, Status: 2, Text: `Alarm ${i}`, ResetTime: 0, NotificationId: 0 });
      const gone = before.events[1]!;
      sim.sim.store.acked.add(gone.Id);
      const counts: number[] = [];
      const watch = watchUnacknowledged(core, (n) => counts.push(n));
      await expect.poll(() => counts.length).toBe(1);
      pushes.length = 0;
      await services(core).pollEvents();
      watch.stop();
      const after = await call<EventsList>(core, 'events/list', { scope: 'all' });
      // The tray's count moved once, to the feed's new size, not once per slice.
      expect(counts).toEqual([before.feedIds.length, after.feedIds.length]);
      // The feed's poll and the full list's each push; the feed's 2,500 come in three slices.
      const sliced = pushes.filter((p) => p.upserted.length > 0);
      expect(sliced.map((p) => p.upserted.length)).toEqual([EVENTS_PUSH_SLICE, EVENTS_PUSH_SLICE, 500]);
      expect(sliced.map((p) => p.more === true)).toEqual([true, true, false]);
      expect(sliced[0]!.feedIds).toBeDefined();
      expect(sliced.slice(1).every((p) => p.feedIds === undefined && p.removed.length === 0)).toBe(true);
      // Newest first across the slices, as one list would be.
      const all = sliced.flatMap((p) => p.upserted);
      expect(all.map((e) => e.Time)).toEqual([...all.map((e) => e.Time)].sort((a, b) => b - a));
      let picture: EventsPicture | null = pictureOf(before);
      for (const p of pushes) picture = picture && applyDelta(picture, p);
      expect(picture!.seq).toBe(after.seq);
      expect(picture!.all).toEqual(after.events);
      expect(ids(after)).not.toContain(gone.Id);
      expect(new Set(picture!.feedIds)).toEqual(new Set(after.feedIds));
    } finally {
      await core.close();
    }
  });
});
