import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { EventsChanged, EventsList } from '../../../common/methods/events';
import type { OutboxState } from '../../../common/methods/outbox';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { ackedInLog, call, countBy, daytimeClock, drainOutbox, makeCore, services, signIn, startProxy } from './offline-helpers';

const ids = (l: EventsList) => l.events.map((e) => e.Id);

/** Events and the acknowledgement outbox against the simulator over HTTP, with real SQLite files. */
describe('core: events feed, acknowledgements through the outbox', () => {
  let sim: SimulatorHandle;
  // The service's clock, stopped while the console's lists are compared with the service's own:
  // an event raised between the two reads is in only one of them.
  const daytime = daytimeClock();
  let stoppedAt: number | null = null;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 11, objects: 150, now: () => stoppedAt ?? daytime() });
  });
  afterAll(async () => {
    await sim?.close();
  });

  // Pollers far apart: each test drives polls and replays itself.
  const setup = () => ({
    dataDir: mkdtempSync(join(tmpdir(), 'fleet-events-')),
    vault: memoryVault(),
    settings: memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }),
  });

  const serviceList = async (path: string): Promise<number[]> => {
    const token = await sim.tokenFor('demo');
    const r = await fetch(`${sim.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    return ((await r.json()) as { Id: number }[]).map((e) => e.Id);
  };

  it('keeps the feed (muted groups left out) apart from the full list; an ack leaves both and stays gone after a restart', async () => {
    const { dataDir, vault, settings } = setup();
    const core = makeCore(dataDir, vault, settings);
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    await signIn(core, sim.baseUrl);
    // A view that has loaded the (empty) list gets the first poll as a push.
    const empty = await call<EventsList>(core, 'events/list', { scope: 'all' });
    expect(empty.events).toEqual([]);
    stoppedAt = daytime();
    await services(core).pollEvents();

    const feed = await call<EventsList>(core, 'events/list', { scope: 'feed' });
    const all = await call<EventsList>(core, 'events/list', { scope: 'all' });
    try {
      expect(new Set(ids(feed))).toEqual(new Set(await serviceList('/api/Events/feed')));
      expect(new Set(ids(all))).toEqual(new Set(await serviceList('/api/Events')));
    } finally {
      stoppedAt = null;
    }
    const allIds = new Set(ids(all));
    expect(ids(feed).every((id) => allIds.has(id))).toBe(true);
    const mutedOnly = ids(all).filter((id) => !ids(feed).includes(id));
    expect(mutedOnly.length).toBeGreaterThan(0);
    expect(feed.fetchedAt).toBeGreaterThan(0);
    const filled = pushes.filter((p) => p.name === 'events/changed').map((p) => p.args as EventsChanged);
    // The feed's events go out as soon as the feed is stored; the muted groups' follow with the full list.
    expect(filled).toHaveLength(2);
    expect(filled[0]).toMatchObject({ base: empty.seq, seq: empty.seq + 1, removed: [] });
    expect(new Set(filled[0]!.upserted.map((e) => e.Id))).toEqual(new Set(ids(feed)));
    expect(new Set(filled[0]!.feedIds)).toEqual(new Set(ids(feed)));
    expect(filled[1]).toMatchObject({ base: empty.seq + 1, seq: empty.seq + 2, removed: [] });
    expect(new Set(filled[1]!.upserted.map((e) => e.Id))).toEqual(new Set(mutedOnly));
    expect(filled[1]!.feedIds).toBeUndefined();
    expect(all.seq).toBe(empty.seq + 2);
    expect(all.feedIds).toEqual(filled[0]!.feedIds);
    expect(pushes.some((p) => p.name === 'connectivity/changed' && (p.args as { lastGood: Record<string, number> }).lastGood.events)).toBe(true);

    const x = ids(feed)[0]!;
    const y = mutedOnly[0]!;
    sim.clearWriteLog();
    pushes.length = 0;
    const queued = await call<{ entryId: number; ids: number[] }>(core, 'events/ack', { ids: [x, y] });
    expect(queued.ids).toEqual([x, y]);
    // At once, before the service has answered.
    expect(ids(await call<EventsList>(core, 'events/list', { scope: 'feed' }))).not.toContain(x);
    expect(ids(await call<EventsList>(core, 'events/list', { scope: 'all' }))).not.toContain(y);
    // The push that follows carries only that: both leave, nothing else changes.
    const firstPush = pushes.find((p) => p.name === 'events/changed')!.args as EventsChanged;
    expect(firstPush).toMatchObject({ base: all.seq, seq: all.seq + 1, upserted: [] });
    expect(new Set(firstPush.removed)).toEqual(new Set([x, y]));
    expect(firstPush.feedIds).toBeUndefined();

    await drainOutbox(core);
    expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[x, 1], [y, 1]]));
    await services(core).pollEvents();
    const after = await call<EventsList>(core, 'events/list', { scope: 'all' });
    expect(ids(after)).not.toContain(x);
    expect(ids(after)).not.toContain(y);
    expect(after.pendingAckIds).toEqual([]);
    await core.close();

    const again = makeCore(dataDir, vault, settings);
    await again.start();
    for (const scope of ['feed', 'all']) {
      const l = await call<EventsList>(again, 'events/list', { scope });
      expect(ids(l)).not.toContain(x);
      expect(ids(l)).not.toContain(y);
    }
    await services(again).pollEvents();
    expect(ids(await call<EventsList>(again, 'events/list', { scope: 'all' }))).not.toContain(x);
    await again.close();
  });

  it('queues acks made offline, keeps them through a restart, and delivers each exactly once when the service returns', async () => {
    const { dataDir, vault, settings } = setup();
    const core = makeCore(dataDir, vault, settings);
    await signIn(core, sim.baseUrl);
    await services(core).pollEvents();
    const before = ids(await call<EventsList>(core, 'events/list', { scope: 'all' }));
    const [a, b, c] = before.slice(-3) as [number, number, number];

    await sim.stopListening();
    sim.clearWriteLog();
    try {
      await call(core, 'events/ack', { ids: [a] });
      await call(core, 'events/ack', { ids: [b, c] });
      await call(core, 'events/ack', { ids: [a] });
      await services(core).outbox.flush();
      const box = await call<OutboxState>(core, 'outbox/list');
      expect(box.pending).toBe(3);
      expect(box.entries.map((e) => e.eventIds)).toEqual([[a], [b, c], [a]]);
      expect(box.entries.every((e) => e.state === 'pending')).toBe(true);
      // The queue stops at the first network failure; the head records it.
      expect(box.entries[0]!.attempts).toBeGreaterThanOrEqual(1);
      // In an operator's words: no endpoint, just what went wrong.
      expect(box.entries[0]!.lastError).toBe('connection refused');
      const list = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(ids(list)).not.toContain(a);
      expect(new Set(list.pendingAckIds)).toEqual(new Set([a, b, c]));
      await core.close();

      // The console restarts while the service is still away.
      const offline = makeCore(dataDir, vault, settings);
      await offline.start();
      expect(ids(await call<EventsList>(offline, 'events/list', { scope: 'all' }))).not.toContain(b);
      expect((await call<OutboxState>(offline, 'outbox/list')).pending).toBe(3);
      await offline.close();
    } finally {
      await sim.startListening();
    }

    const back = makeCore(dataDir, vault, settings);
    await back.start();
    await drainOutbox(back);
    expect((await call<OutboxState>(back, 'outbox/list')).entries).toEqual([]);
    expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[a, 1], [b, 1], [c, 1]]));
    await services(back).pollEvents();
    const list = await call<EventsList>(back, 'events/list', { scope: 'all' });
    expect(ids(list).filter((id) => [a, b, c].includes(id))).toEqual([]);
    expect(list.pendingAckIds).toEqual([]);
    expect(services(back).cache.integrityCheck()).toBe('ok');
    await back.close();
  });

  it('brings a refused ack back with the reason, parks only the refused entry, and retries it on request', async () => {
    const proxy = await startProxy(sim);
    const { dataDir, vault, settings } = setup();
    const core = makeCore(dataDir, vault, settings);
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    try {
      await signIn(core, proxy.baseUrl);
      await services(core).pollEvents();
      const [x, y] = ids(await call<EventsList>(core, 'events/list', { scope: 'all' })).slice(0, 2) as [number, number];

      // Queued while away, so that both go out in one request when it returns.
      await sim.stopListening();
      try {
        await call(core, 'events/ack', { ids: [x] });
        await call(core, 'events/ack', { ids: [y] });
        await services(core).outbox.flush();
      } finally {
        await sim.startListening();
      }
      sim.clearWriteLog();
      proxy.override = (key, body) =>
        key === 'POST /api/Events/ack' && Array.isArray(body) && body.includes(x)
          ? { status: 403, body: { Message: 'Not allowed to acknowledge this event' } }
          : undefined;
      pushes.length = 0;
      await drainOutbox(core);

      const box = await call<OutboxState>(core, 'outbox/list');
      expect(box.pending).toBe(0);
      expect(box.entries).toHaveLength(1);
      const failed = box.entries[0]!;
      expect(failed).toMatchObject({ state: 'failed', eventIds: [x] });
      expect(failed.lastError).toContain('Not allowed to acknowledge');
      expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[y, 1]]));

      const list = await call<EventsList>(core, 'events/list', { scope: 'all' });
      expect(ids(list)).toContain(x);
      expect(ids(list)).not.toContain(y);
      expect(list.ackErrors).toEqual([{ eventId: x, entryId: failed.id, error: failed.lastError }]);
      // The refused event came back in a push (nothing else did), and the last push has the reason.
      const pushed = pushes.filter((p) => p.name === 'events/changed').map((p) => p.args as EventsChanged);
      expect(pushed.flatMap((d) => d.upserted.map((e) => e.Id))).toEqual([x]);
      expect(pushed.at(-1)!.ackErrors).toEqual(list.ackErrors);
      expect(pushes.some((p) => p.name === 'outbox/changed' && (p.args as OutboxState).failed === 1)).toBe(true);

      proxy.override = null;
      await call(core, 'outbox/retry', { id: failed.id });
      expect(ids(await call<EventsList>(core, 'events/list', { scope: 'all' }))).not.toContain(x);
      await drainOutbox(core);
      expect((await call<OutboxState>(core, 'outbox/list')).entries).toEqual([]);
      expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[y, 1], [x, 1]]));
    } finally {
      await core.close();
      await proxy.close();
    }
  });

  // The events panel says why acknowledgements wait from this (renderer/src/events/pending-reason.ts).
  it('keeps a retried ack pending with the service’s answer as its last error, and pushes it', async () => {
    const { dataDir, vault, settings } = setup();
    const core = makeCore(dataDir, vault, settings);
    const pushes: PushEnvelope[] = [];
    core.bus.subscribe((p) => pushes.push(p));
    try {
      await signIn(core, sim.baseUrl);
      await services(core).pollEvents();
      const [x] = ids(await call<EventsList>(core, 'events/list', { scope: 'all' })) as [number];
      sim.setFaults({ errorRate: 1, pathPattern: 'Events/ack' });
      pushes.length = 0;
      await call(core, 'events/ack', { ids: [x] });
      await services(core).outbox.flush();
      const box = await call<OutboxState>(core, 'outbox/list');
      expect(box.pending).toBe(1);
      expect(box.entries).toHaveLength(1);
      expect(box.entries[0]).toMatchObject({ state: 'pending', eventIds: [x], attempts: 1 });
      expect(box.entries[0]!.lastError).toMatch(/^the service answered 500 \(.+\)$/);
      const last = pushes.filter((p) => p.name === 'outbox/changed').at(-1)!.args as OutboxState;
      expect(last.entries[0]!.lastError).toBe(box.entries[0]!.lastError);
      sim.clearFaults();
      await drainOutbox(core);
      expect((await call<OutboxState>(core, 'outbox/list')).entries).toEqual([]);
    } finally {
      sim.clearFaults();
      await core.close();
    }
  });
});
