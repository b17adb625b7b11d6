/**
 * Dead letters: an outbox entry the service refuses for good, or one whose stored payload
 * cannot be read, is parked as 'failed' with the reason and time, and never holds up the
 * entries behind it. Real simulator behind a real loopback proxy that refuses one event.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsList } from '../../../common/methods/events';
import type { OutboxState } from '../../../common/methods/outbox';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { ackedInLog, call, countBy, daytimeClock, drainOutbox, makeCore, services, signIn, startProxy } from './offline-helpers';

const quiet = () => memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });

describe('outbox dead letters', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 11, objects: 300, now: daytimeClock() });
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
  });

  it('parks the middle of three offline acks refused with 400, delivers the other two', async () => {
    const proxy = await startProxy(sim);
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-dead-')), memoryVault(), quiet());
    try {
      await signIn(core, proxy.baseUrl);
      await services(core).pollEvents();
      const all = (await call<EventsList>(core, 'events/list', { scope: 'all' })).events.map((e) => e.Id);
      const [a, b, c] = all as [number, number, number];

      await sim.stopListening();
      try {
        for (const id of [a, b, c]) await call(core, 'events/ack', { ids: [id] });
        await services(core).outbox.flush();
      } finally {
        await sim.startListening();
      }
      expect((await call<OutboxState>(core, 'outbox/list')).pending).toBe(3);
      sim.clearWriteLog();
      proxy.override = (key, body) =>
        key === 'POST /api/Events/ack' && Array.isArray(body) && body.includes(b)
          ? { status: 400, body: { Message: 'Event cannot be acknowledged' } }
          : undefined;
      const before = Date.now();
      await drainOutbox(core);

      const box = await call<OutboxState>(core, 'outbox/list');
      expect(box).toMatchObject({ pending: 0, failed: 1 });
      expect(box.entries[0]).toMatchObject({ state: 'failed', eventIds: [b], summary: 'Acknowledge 1 event' });
      expect(box.entries[0]!.lastError).toContain('Event cannot be acknowledged');
      expect(box.entries[0]!.updatedAt).toBeGreaterThanOrEqual(before);
      expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[a, 1], [c, 1]]));
    } finally {
      await core.close();
      await proxy.close();
    }
  });

  it('parks a stored entry that is not JSON, or not an acknowledgement, and sends the ones behind it', async () => {
    const core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-dead-')), memoryVault(), quiet());
    try {
      await signIn(core, sim.baseUrl);
      await services(core).pollEvents();
      const [x] = (await call<EventsList>(core, 'events/list', { scope: 'all' })).events.map((e) => e.Id) as [number];
      const { cache } = services(core);
      // As a crash of an older version or a hand edit could leave them, ahead of a good entry.
      const put = cache.db.prepare("INSERT INTO outbox (kind, payload, state, attempts, created_at, updated_at) VALUES ('events/ack', ?, 'pending', 0, 1, 1)");
      const broken = Number(put.run('{"ids": [1, 2').lastInsertRowid);
      const wrong = Number(put.run('{"ids": "all"}').lastInsertRowid);
      // Listing the queue must not fail on them either.
      expect((await call<OutboxState>(core, 'outbox/list')).pending).toBe(2);
      sim.clearWriteLog();
      await call(core, 'events/ack', { ids: [x] });
      await drainOutbox(core);

      const box = await call<OutboxState>(core, 'outbox/list');
      expect(box).toMatchObject({ pending: 0, failed: 2 });
      const byId = new Map(box.entries.map((e) => [e.id, e]));
      expect(byId.get(broken)).toMatchObject({ state: 'failed', summary: 'A stored "events/ack" write that could not be read' });
      expect(byId.get(broken)!.lastError).toMatch(/^The stored write could not be read/);
      expect(byId.get(wrong)!.lastError).toMatch(/^The stored write is not a valid "events\/ack"/);
      expect(countBy(ackedInLog(sim.writeLog()))).toEqual(new Map([[x, 1]]));

      // Discard takes a dead letter away for good.
      await call(core, 'outbox/discard', { id: broken });
      expect((await call<OutboxState>(core, 'outbox/list')).entries.map((e) => e.id)).toEqual([wrong]);
    } finally {
      await core.close();
    }
  });
});
