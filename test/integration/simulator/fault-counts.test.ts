import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';

/** The soak bench reports how many requests each fault hit: GET /__sim/faults/counts. */
describe('fault counts', () => {
  let h: SimulatorHandle;
  let token: string;
  beforeAll(async () => {
    h = await startSimulator({ port: 0, objects: 5 });
    token = await h.tokenFor('demo');
  });
  afterAll(() => h.close());

  const counts = async (): Promise<Record<string, number>> => {
    const r = await fetch(`${h.controlUrl}/__sim/faults/counts`);
    expect(r.status).toBe(200);
    return (await r.json()) as Record<string, number>;
  };
  const get = () => fetch(`${h.baseUrl}/api/Objects`, { headers: { Authorization: `Bearer ${token}` } });
  const control = (method: string, body?: unknown) => fetch(`${h.controlUrl}/__sim/faults`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });

  it('counts each request a fault hit, per kind, and keeps the counts when the faults are cleared', async () => {
    expect(await counts()).toEqual({ latency: 0, error: 0, reset: 0, truncate: 0, malformed: 0, ratelimit: 0, outageReset: 0 });
    await control('POST', { errorRate: 1, latencyMs: 5 });
    expect((await get()).status).toBe(500);
    expect((await get()).status).toBe(500);
    await control('POST', { errorRate: 0, latencyMs: 0, rateLimit: { limit: 1, windowMs: 60_000, retryAfterS: 1 } });
    expect((await get()).status).toBe(200);
    expect((await get()).status).toBe(429);
    await control('POST', { rateLimit: null, outage: 'reset', outageMs: 60_000 });
    await expect(get()).rejects.toThrow();
    await control('DELETE');
    expect((await get()).status).toBe(200);
    expect(await counts()).toEqual({ latency: 2, error: 2, reset: 0, truncate: 0, malformed: 0, ratelimit: 1, outageReset: 1 });
  });
});
