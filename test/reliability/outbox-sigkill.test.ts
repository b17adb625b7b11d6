import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventsList } from '../../common/methods/events';
import type { OutboxState } from '../../common/methods/outbox';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { createCore } from '../../main/core/app';
import { fileSettings } from '../../main/core/seams/settings';
import { fileVault } from '../../main/host/file-vault';
import { ackedInLog, call, countBy, daytimeClock, drainOutbox, services, signIn } from '../integration/core/offline-helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const CHILD = join(ROOT, 'test/reliability/fixtures/ack-offline-child.ts');
const N = 500;

/** Runs the child until it has acknowledged everything, then kills it with SIGKILL. */
function ackInChildThenKill(dataDir: string, idsFile: string): Promise<NodeJS.Signals | null> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, idsFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes(`ACKED ${N}`)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') done(signal);
      else fail(new Error(`child exited with ${code} before acknowledging: ${err.slice(-2000)}`));
    });
  });
}

describe('outbox: acknowledgements survive SIGKILL', () => {
  let sim: SimulatorHandle;
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 5, objects: 2000, now: daytimeClock() });
  }, 60_000);
  afterAll(async () => {
    await sim?.close();
  });

  it(`delivers ${N} acks made offline by a killed process, each exactly once, after a restart`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sigkill-'));
    const settings = fileSettings(dataDir);
    settings.set('statusPollMs', 600_000);
    settings.set('objectsRefreshMs', 600_000);
    settings.set('eventsPollMs', 600_000);

    // A saved connection with events in its cache, as after a day's work.
    const first = createCore({ dataDir, vault: fileVault(dataDir), settings, log: () => {} });
    await signIn(first, sim.baseUrl);
    await services(first).pollEvents();
    const before = (await call<EventsList>(first, 'events/list', { scope: 'all' })).events.map((e) => e.Id);
    expect(before.length).toBeGreaterThanOrEqual(N);
    const ids = before.slice(0, N);
    await first.close();

    await sim.stopListening();
    sim.clearWriteLog();
    const idsFile = join(dataDir, 'ids.json');
    writeFileSync(idsFile, JSON.stringify(ids));
    try {
      expect(await ackInChildThenKill(dataDir, idsFile)).toBe('SIGKILL');
    } finally {
      await sim.startListening();
    }

    const next = createCore({ dataDir, vault: fileVault(dataDir), settings: fileSettings(dataDir), log: () => {} });
    await next.start();
    const cache = services(next).cache;
    expect(cache.integrityCheck()).toBe('ok');
    // Nothing was lost: every acknowledgement is still queued, and the events stay hidden.
    expect((await call<OutboxState>(next, 'outbox/list')).pending).toBe(N);
    const hidden = new Set((await call<EventsList>(next, 'events/list', { scope: 'all' })).events.map((e) => e.Id));
    expect(ids.filter((id) => hidden.has(id))).toEqual([]);

    await drainOutbox(next);
    expect((await call<OutboxState>(next, 'outbox/list')).entries).toEqual([]);
    const counts = countBy(ackedInLog(sim.writeLog()));
    expect(counts.size).toBe(N);
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);

    await services(next).pollEvents();
    const after = await call<EventsList>(next, 'events/list', { scope: 'all' });
    const still = new Set(after.events.map((e) => e.Id));
    expect(ids.filter((id) => still.has(id))).toEqual([]);
    expect(after.pendingAckIds).toEqual([]);
    expect(cache.integrityCheck()).toBe('ok');
    await next.close();
  }, 180_000);
});
