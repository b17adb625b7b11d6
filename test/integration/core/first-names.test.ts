/**
 * A first sign-in lists every object's name from the reduced list before the full list
 * arrives, and gives way to the full list. The core against the simulator over real HTTP,
 * with real SQLite files; the simulator's latency fault on the full list holds it back.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import { objectsOf, type ObjectsChanged, type ObjectsList, type ObjectSummary } from '../../../common/methods/live';
import { startSimulator } from '../../../simulator';
import { createCore, type Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import type { Served } from '../../../simulator/http/served-log';
import { until } from './offline-helpers';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

let sim: Sim;
const cores: Core[] = [];
beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 5, objects: 80 });
});
afterEach(async () => {
  sim.clearFaults();
  for (const c of cores.splice(0)) await c.close();
});
afterAll(async () => {
  await sim?.close();
});

/** A core signing in as the demo user, with the pushes it made. */
function start(dataDir = mkdtempSync(join(tmpdir(), 'fleet-names-'))) {
  const logs: string[] = [];
  const core = createCore({
    dataDir,
    vault: memoryVault(),
    settings: memorySettings({ statusPollMs: 60_000, objectsRefreshMs: 600_000 }),
    demo: { start: async () => ({ baseUrl: sim.baseUrl, login: 'demo', password: 'demo' }) },
    log: (m) => logs.push(m),
  });
  cores.push(core);
  const changes: ObjectsChanged[] = [];
  core.bus.subscribe((p: PushEnvelope) => {
    if (p.name === 'objects/changed') changes.push(p.args as ObjectsChanged);
  });
  return { core, changes, logs, dataDir };
}

async function call<T>(core: Core, name: string, args: unknown = {}): Promise<T> {
  const r = await core.dispatcher.dispatch({ id: 1, name, args });
  if (r.type === 'error') throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result as T;
}
const listed = async (core: Core): Promise<ObjectSummary[]> => objectsOf(await call<ObjectsList>(core, 'objects/list'));

const servedLog = async () => (await (await fetch(`${sim.controlUrl}/__sim/served`)).json()) as Served[];
const served = async (path: string) => (await servedLog()).filter((s) => s.path === path).length;

describe('a first sign-in', () => {
  it('lists every name from the reduced list while the full list is on its way, then the full list', async () => {
    sim.setFaults({ latencyMs: 2_500, pathPattern: '^/api/Objects$' });
    const { core, changes } = start();
    await core.start();
    await until(() => changes.length > 0, 'the names');
    expect(changes[0]).toMatchObject({ upserted: [], removed: [], reload: true });
    const names = await listed(core);
    expect(names.length).toBeGreaterThan(0);
    // Names and what the reduced list has; the plates and groups come with the full list.
    expect(names.every((o) => typeof o.Name === 'string' && o.StateNumber === undefined && o.GroupIds === undefined)).toBe(true);
    // In name order, as the stored list is.
    const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
    expect(names.map((o) => o.Name)).toEqual(names.map((o) => o.Name).sort((a, b) => collator.compare(a, b)));
    await expect(call(core, 'objects/details', { id: names[0]!.Id })).rejects.toThrow(/still loading/);

    await until(() => changes.length > 1, 'the full list');
    // The windows read it whole: no delta describes what they list against the stored list.
    expect(changes[1]).toMatchObject({ upserted: [], removed: [], reload: true });
    const full = await listed(core);
    expect(full.map((o) => [o.Id, o.Name])).toEqual(names.map((o) => [o.Id, o.Name]));
    expect(full.some((o) => o.StateNumber !== undefined || o.GroupIds !== undefined)).toBe(true);
    const details = await call<{ object: { Id: number } }>(core, 'objects/details', { id: names[0]!.Id });
    expect(details.object.Id).toBe(names[0]!.Id);
  });

  it('asks for the full list and the events’ full list only once the names are in, so neither is sent beside them', async () => {
    sim.setFaults({ latencyMs: 1_500, pathPattern: '^/api/Objects/lite$' });
    const since = Date.now();
    const { core, changes } = start();
    await core.start();
    await until(() => changes.length > 1, 'the names, then the full list');
    /** What this core asked: from its sign-in on (a closed core's last requests can still come in). */
    const asked = async () => {
      const log = (await servedLog()).filter((s) => s.at >= since);
      return log.slice(log.findIndex((s) => s.path === '/api/Token'));
    };
    let log: Served[] = [];
    await until(async () => (log = await asked()).some((s) => s.path === '/api/Objects') && log.some((s) => s.path === '/api/Events'), 'the full list and the events’ full list asked');
    const lite = log.find((s) => s.path === '/api/Objects/lite');
    // Less 2 ms: the log's times are whole milliseconds, each rounded.
    const namesIn = lite!.at + lite!.finishedMs! - 2;
    // Asked after the names' last byte was sent, not while the names were held back.
    expect(log.find((s) => s.path === '/api/Objects')!.at).toBeGreaterThanOrEqual(namesIn);
    expect(log.find((s) => s.path === '/api/Events')!.at).toBeGreaterThanOrEqual(namesIn);
    expect(changes[0]).toMatchObject({ reload: true });
    expect((await listed(core)).some((o) => o.StateNumber !== undefined || o.GroupIds !== undefined)).toBe(true);
  });

  it('with a list cached, shows it and asks for no reduced list', async () => {
    const first = start();
    await first.core.start();
    await until(() => first.changes.some((c) => c.fetchedAt > 0) && first.core.session.current().cache.objects.count() > 0, 'the list stored');
    await first.core.session.current().ingestor.written();
    await first.core.close();
    cores.length = 0;

    const asked = await served('/api/Objects/lite');
    const again = start(first.dataDir);
    await again.core.start();
    expect((await listed(again.core)).length).toBeGreaterThan(0);
    await again.core.session.current().sync.refreshObjects();
    expect(await served('/api/Objects/lite')).toBe(asked);
  });

  it('on a service without the reduced list, lists the full list when it comes, saying why in the log', async () => {
    sim.setFaults({ errorRate: 1, pathPattern: '^/api/Objects/lite$' });
    const { core, changes, logs } = start();
    await core.start();
    await until(() => changes.length > 0, 'the full list');
    expect(changes).toHaveLength(1);
    expect((await listed(core)).some((o) => o.StateNumber !== undefined || o.GroupIds !== undefined)).toBe(true);
    await until(() => logs.some((l) => l.includes('the first names were not shown')), 'the log line');
  });
});
