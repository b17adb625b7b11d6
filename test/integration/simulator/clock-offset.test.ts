/**
 * A clock offset against the real one, moved forward over /__sim/clock: a bench lets an
 * outage last ten simulated minutes without waiting ten. The positions served follow it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';

const TEN_MIN = 600_000;
let sim: SimulatorHandle | undefined;
afterEach(async () => {
  await sim?.close();
  sim = undefined;
});

const info = async (h: SimulatorHandle) => (await (await fetch(`${h.controlUrl}/__sim/info`)).json()) as { now: number };
const setClock = (h: SimulatorHandle, body: unknown) => fetch(`${h.controlUrl}/__sim/clock`, { method: 'POST', body: JSON.stringify(body) });

async function newestFix(h: SimulatorHandle): Promise<number> {
  const token = await h.tokenFor('admin');
  const r = await fetch(`${h.baseUrl}/api/ObjectsStatus`, { headers: { Authorization: `Bearer ${token}` } });
  const body = (await r.json()) as { Positions: Array<{ Time: number }> };
  return Math.max(...body.Positions.map((p) => p.Time));
}

describe('simulator clock offset', () => {
  it('starts behind the real clock and moves forward on request, positions with it', async () => {
    sim = await startSimulator({ port: 0, objects: 20, dense: 20, clockOffsetMs: -TEN_MIN });
    const before = Date.now();
    expect((await info(sim)).now).toBeLessThanOrEqual(before - TEN_MIN + 1000);
    expect(await newestFix(sim)).toBeLessThanOrEqual(Date.now() - TEN_MIN + 1000);

    const r = await setClock(sim, { offsetMs: 0 });
    expect(r.status).toBe(200);
    expect((await info(sim)).now).toBeGreaterThanOrEqual(before);
    // Objects driving around the clock report every second: their newest fix is now the real time's.
    expect(await newestFix(sim)).toBeGreaterThan(before - 60_000);
  });

  it('refuses to go back, a body without offsetMs, and a clock it was not given', async () => {
    sim = await startSimulator({ port: 0, objects: 5, clockOffsetMs: 0 });
    expect((await setClock(sim, { offsetMs: -TEN_MIN })).status).toBe(400);
    expect((await setClock(sim, { later: 1 })).status).toBe(400);
    await sim.close();
    sim = await startSimulator({ port: 0, objects: 5 });
    expect((await setClock(sim, { offsetMs: 0 })).status).toBe(409);
  });
});
