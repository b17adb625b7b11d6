import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventsList } from '../../../common/methods/events';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { watchUnacknowledged } from '../../../main/core/shell/unacked-count';
import { call, daytimeClock, drainOutbox, makeCore, services, signIn } from './offline-helpers';

/**
 * The tray's count against the simulator over HTTP and a real SQLite file: it is the number
 * the Events panel's feed lists, through sign-in, a poll that brings an alarm, and an
 * acknowledgement (gone from the count at once, before the service confirms it).
 */
describe('the unacknowledged alarm count for the tray', () => {
  let sim: SimulatorHandle;
  let now = 0;
  beforeAll(async () => {
    now = daytimeClock()();
    sim = await startSimulator({ port: 0, seed: 12, objects: 120, now: () => now });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('follows the feed from sign-in through a new alarm and an acknowledgement', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-unacked-'));
    const core = makeCore(dataDir, memoryVault(), memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 }));
    const told: number[] = [];
    const watch = watchUnacknowledged(core, (n) => told.push(n));
    const feedLength = async () => (await call<EventsList>(core, 'events/list', { scope: 'feed' })).events.length;
    try {
      // Signed out: nothing to count.
      await vi.waitFor(() => expect(told).toEqual([0]));
      await signIn(core, sim.baseUrl);
      await services(core).pollEvents();
      const feed = await feedLength();
      expect(feed).toBeGreaterThan(5);
      await vi.waitFor(() => expect(watch.count()).toBe(feed));
      expect(told.at(-1)).toBe(feed);

      // An alarm raised at the service arrives with the next poll.
      const someone = (await call<EventsList>(core, 'events/list', { scope: 'feed' })).events[0]!;
      sim.sim.store.addEvent({ ObjectId: someone.ObjectId, Time: now - 1_000, Type: 0x200, Status: 2, Text: 'Alarm button', ResetTime: 0, NotificationId: 0 });
      await services(core).pollEvents();
      await vi.waitFor(() => expect(watch.count()).toBe(feed + 1));
      expect(await feedLength()).toBe(feed + 1);

      // Acknowledged here: out of the count at once, and still out once delivered.
      const list = await call<EventsList>(core, 'events/list', { scope: 'feed' });
      await call(core, 'events/ack', { ids: [list.events[0]!.Id, list.events[1]!.Id] });
      expect(watch.count()).toBe(feed - 1);
      expect(told.at(-1)).toBe(feed - 1);
      await drainOutbox(core);
      await services(core).pollEvents();
      expect(watch.count()).toBe(feed - 1);
      expect(await feedLength()).toBe(feed - 1);

      // Signed out again: back to none.
      await call(core, 'session/signOut', {});
      await vi.waitFor(() => expect(watch.count()).toBe(0));
    } finally {
      watch.stop();
      await core.close();
    }
  });
});
