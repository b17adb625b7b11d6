/**
 * The big poll bodies of a sign-in (status, object list, profile) go to the service one at a
 * time, the status first; the events are asked once the status has arrived, and the reference
 * lists once the status and the list have. A proxy in front of the simulator holds each answer
 * a moment and records when each request came and when its answer ended. The geozones' own
 * list is refused, as for an account that may not list them, so the profile is asked too
 * (reference-sync.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { makeCore, signIn, startProxy, type Proxy } from './offline-helpers';

const BIG = new Set(['GET /api/ObjectsStatus', 'GET /api/Objects', 'GET /api/Profile']);
const EVENTS = new Set(['GET /api/Events/feed', 'GET /api/Events']);
const HOLD_MS = 300;

describe('big bodies in turn', () => {
  let sim: SimulatorHandle;
  let proxy: Proxy;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 4, objects: 30 });
    sim.setFaults({ errorRate: 1, pathPattern: '^/api/Geozones$' });
    proxy = await startProxy(sim);
    // Held long enough that two requests at once would overlap on any machine.
    proxy.holdMs = (key) => (BIG.has(key) || EVENTS.has(key) ? HOLD_MS : 0);
    const settings = memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-in-turn-')), memoryVault(), settings);
    await signIn(core, proxy.baseUrl);
  });
  afterAll(async () => {
    await core?.close();
    await proxy?.close();
    await sim?.close();
  });

  it('asks for the status first, then the list and the profile, never two at once', async () => {
    const big = () => proxy.answered.filter((a) => BIG.has(a.key));
    for (let i = 0; i < 100 && big().length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    const seen = big().sort((a, b) => a.from - b.from);
    expect(seen.map((s) => s.key)).toEqual(['GET /api/ObjectsStatus', 'GET /api/Objects', 'GET /api/Profile']);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.from, `${seen[i]!.key} asked before ${seen[i - 1]!.key} was answered`).toBeGreaterThanOrEqual(seen[i - 1]!.till);
  });

  it('asks for the events only once the status has arrived', async () => {
    const events = () => proxy.answered.filter((a) => EVENTS.has(a.key));
    for (let i = 0; i < 100 && events().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    const status = proxy.answered.find((a) => a.key === 'GET /api/ObjectsStatus');
    expect(status).toBeDefined();
    expect(events().map((e) => e.key).sort()).toEqual(['GET /api/Events', 'GET /api/Events/feed']);
    for (const e of events()) expect(e.from, `${e.key} asked before the status was answered`).toBeGreaterThanOrEqual(status!.till);
  });

  it('asks for the reference lists only once the status and the list are in', async () => {
    const REFERENCE = ['GET /api/Objects/Groups', 'GET /api/Drivers', 'GET /api/ReportTemplates'];
    const lists = () => proxy.answered.filter((a) => REFERENCE.includes(a.key));
    for (let i = 0; i < 100 && lists().length < REFERENCE.length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(lists().map((a) => a.key).sort()).toEqual([...REFERENCE].sort());
    const big = proxy.answered.filter((a) => a.key === 'GET /api/ObjectsStatus' || a.key === 'GET /api/Objects');
    expect(big).toHaveLength(2);
    for (const l of lists()) for (const b of big) expect(l.from, `${l.key} asked before ${b.key} was answered`).toBeGreaterThanOrEqual(b.till);
  });
});
