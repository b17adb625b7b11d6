import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandTemplates } from '../../../common/methods/commands';
import type { EventsList } from '../../../common/methods/events';
import { objectsOf, type ObjectsList } from '../../../common/methods/live';
import { EventBit, startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, callError, daytimeClock, makeCore, services, signIn } from './offline-helpers';

const runs = (sim: SimulatorHandle) => sim.writeLog().filter((e) => e.path === '/api/Commands/run');

describe('core: commands are sent once or refused, never queued', () => {
  let sim: SimulatorHandle;
  let core: Core;
  // outcomePollMs 0: no background polls here but where a test turns them on (the offline test counts failures).
  const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000, commandTimeoutMs: 20_000, outcomePollMs: 0 });

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 3, objects: 40, commandDelayMs: 200, now: daytimeClock() });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-commands-')), memoryVault(), settings);
    await signIn(core, sim.baseUrl);
    // The list arrives after the first positions (sync/body-queue.ts): the tests pick their targets from it.
    await core.session.current().sync.refreshObjects();
  });
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  it('lists templates with destructive ones marked, sends one by template, and its outcome arrives as an event', async () => {
    const { templates, fetchedAt } = await call<CommandTemplates>(core, 'commands/templates', { refresh: true });
    expect(fetchedAt).toBeGreaterThan(0);
    const wipe = templates.find((t) => t.Command === 'deleterecords')!;
    const gps = templates.find((t) => t.Command === 'getgps')!;
    expect(wipe.destructive).toBe(true);
    expect(gps.destructive).toBe(false);
    expect(templates.filter((t) => t.Destructive === true).every((t) => t.destructive)).toBe(true);

    const objects = objectsOf(await call<ObjectsList>(core, 'objects/list'));
    const target = objects[0]!.Id;
    sim.clearWriteLog();
    const sent = await call<{ accepted: boolean; objectIds: number[] }>(core, 'commands/send', { objectIds: [target], templateId: gps.Id });
    expect(sent).toMatchObject({ accepted: true, objectIds: [target] });
    expect(runs(sim).map((e) => e.body)).toEqual([{ ObjectIds: [target], TemplateId: gps.Id }]);

    // The outcome is an event of the object a little later; bounded wait, polling the service.
    const outcome = EventBit.CommandDelivered | EventBit.CommandFailed;
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await services(core).pollEvents();
      const all = await call<EventsList>(core, 'events/list', { scope: 'all' });
      found = all.events.some((e) => e.ObjectId === target && (e.Type & outcome) !== 0 && e.Text?.includes('getgps'));
    }
    expect(found).toBe(true);
  });

  it('after a send, events are polled promptly for a while, so the outcome shows without waiting for the regular poll', async () => {
    const objects = objectsOf(await call<ObjectsList>(core, 'objects/list'));
    const target = objects[4]!.Id;
    settings.set('outcomePollMs', 500);
    try {
      sim.clearWriteLog();
      const sentAt = Date.now();
      await call(core, 'commands/send', { objectIds: [target], command: 'getstatus' });
      // No pollEvents() here: the regular period is 600 s, so only the prompt polls can bring it.
      const outcome = EventBit.CommandDelivered | EventBit.CommandFailed;
      let seenAfter = -1;
      while (seenAfter < 0 && Date.now() - sentAt < 5_000) {
        await new Promise((r) => setTimeout(r, 100));
        const all = await call<EventsList>(core, 'events/list', { scope: 'all' });
        if (all.events.some((e) => e.ObjectId === target && (e.Type & outcome) !== 0 && e.Text?.includes('getstatus'))) seenAfter = Date.now() - sentAt;
      }
      expect(seenAfter).toBeGreaterThan(0);
      // Within a poll or two of the outcome (200 ms after the send).
      expect(seenAfter).toBeLessThan(2_000);
    } finally {
      settings.set('outcomePollMs', 0);
      // The prompt poll already timed (500 ms) runs once more: let it finish, under the period it
      // then takes up, so the next test's failure count is its own.
      await new Promise((r) => setTimeout(r, 600));
      await services(core).pollEvents();
    }
  });

  it('rejects both or neither of templateId and command', async () => {
    expect((await callError(core, 'commands/send', { objectIds: [1], templateId: 1, command: 'x' })).code).toBe('invalid_input');
    expect((await callError(core, 'commands/send', { objectIds: [1] })).code).toBe('invalid_input');
  });

  it('refuses offline, sending nothing, and shows the cached templates', async () => {
    const objects = objectsOf(await call<ObjectsList>(core, 'objects/list'));
    const target = objects[1]!.Id;
    const other = objects[3]!;
    sim.clearWriteLog();
    await sim.stopListening();
    try {
      // One failed poll: the console is only 'degraded', so the command is tried, and the
      // connection is refused before anything is sent. (A request on a keep-alive socket the
      // server dropped at that very moment is 'unknown_outcome' instead: it may have arrived.)
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      expect((await call<{ state: string }>(core, 'connectivity/state')).state).toBe('degraded');
      const first = await callError(core, 'commands/send', { objectIds: [target], command: 'getstatus' });
      expect(first.code).toBe('offline');
      expect(first.message).toContain('Commands are not sent while offline');
      // Once the console knows it is offline, it does not even try.
      await expect(services(core).pollEvents()).rejects.toMatchObject({ code: 'offline' });
      expect((await call<{ state: string }>(core, 'connectivity/state')).state).toBe('offline');
      const second = await callError(core, 'commands/send', { objectIds: [target, other.Id], command: 'getstatus' });
      expect(second.code).toBe('offline');
      // Named as the operator knows them, not by id.
      expect(second.message).toContain(`Nothing was sent to “${objects[1]!.Name}” and “${other.Name}”`);

      const cached = await call<CommandTemplates>(core, 'commands/templates', { refresh: true });
      expect(cached.templates.some((t) => t.Command === 'deleterecords' && t.destructive)).toBe(true);
    } finally {
      await sim.startListening();
    }
    await services(core).pollEvents();
    expect(runs(sim)).toEqual([]);
  });

  it('says the outcome is unknown when the answer does not come in time, and does not retry', async () => {
    const objects = objectsOf(await call<ObjectsList>(core, 'objects/list'));
    const target = objects[2]!.Id;
    settings.set('commandTimeoutMs', 300);
    sim.setFaults({ latencyMs: 1_500, pathPattern: 'Commands/run' });
    try {
      const e = await callError(core, 'commands/send', { objectIds: [target], command: 'getstatus' });
      expect(e.code).toBe('unknown_outcome');
      expect(e.message).toContain(`events of “${objects[2]!.Name}”`);
    } finally {
      sim.clearFaults();
      settings.set('commandTimeoutMs', 20_000);
    }
  });
});
