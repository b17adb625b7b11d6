import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';
import type { Served } from '../../../simulator/http/served-log';

let api: Api;
let demo: string;
beforeAll(async () => {
  api = await start();
  demo = await api.token('demo');
});
afterAll(() => api.h.close());

describe('token and auth', () => {
  it('issues an HS256 JWT with exp, field names case-insensitive', async () => {
    const r = await api.call('POST', '/api/Token', { body: { username: 'demo', PASSWORD: 'demo' } });
    expect(r.status).toBe(200);
    const [header, payload] = (r.body.AccessToken as string).split('.').slice(0, 2).map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBe(1800);
  });
  it('rejects wrong passwords and missing fields', async () => {
    expect((await api.call('POST', '/api/Token', { body: { UserName: 'demo', Password: 'x' } })).status).toBe(401);
    expect((await api.call('POST', '/api/Token', { body: { UserName: 'demo' } })).status).toBe(400);
  });
  it('answers 401 {Message} without a valid token', async () => {
    for (const token of [undefined, 'garbage', demo.slice(0, -2) + 'xx']) {
      const r = await api.call('GET', '/api/Objects', token ? { token } : {});
      expect(r.status).toBe(401);
      expect(typeof r.body.Message).toBe('string');
    }
  });
});

describe('profile, objects, status', () => {
  it('serves the demo fleet with a share of all objects', async () => {
    const objs = (await api.call('GET', '/api/Objects', { token: demo })).body as { CompanyId: number }[];
    const admin = await api.token('admin');
    const all = (await api.call('GET', '/api/Objects', { token: admin })).body as unknown[];
    expect(objs.length).toBeGreaterThan(all.length * 0.4);
    expect(objs.length).toBeLessThan(all.length);
    expect(objs.every((o) => o.CompanyId === 1)).toBe(true);
  });
  it('status has positions for every object, some offline, some never reported', async () => {
    const admin = await api.token('admin');
    const s = (await api.call('GET', '/api/ObjectsStatus', { token: admin })).body;
    expect(s.Positions.length).toBe(60);
    expect(s.Positions.some((p: { Online: boolean }) => p.Online)).toBe(true);
    expect(s.Positions.some((p: { Time: number; Lat: number }) => p.Time === 0 && p.Lat === 0)).toBe(true);
    expect(s.Positions.some((p: { Time: number; Online: boolean }) => p.Time > 0 && !p.Online)).toBe(true);
    for (const p of s.Positions) {
      expect(p.Speed).toBeGreaterThanOrEqual(0);
      expect(p.Speed).toBeLessThan(160);
      expect(p.heading).toBeGreaterThanOrEqual(0);
      expect(p.heading).toBeLessThan(360);
    }
  });
});

describe('token lifetime', () => {
  it('a token stops working after --token-ttl seconds', async () => {
    let clock = Date.UTC(2025, 0, 8, 12);
    const s = await start({ now: () => clock, tokenTtlS: 60, objects: 5 });
    try {
      const t = await s.token('demo');
      expect((await s.call('GET', '/api/Profile', { token: t })).status).toBe(200);
      clock += 61_000;
      const r = await s.call('GET', '/api/Profile', { token: t });
      expect(r.status).toBe(401);
      expect(r.body.Message).toMatch(/expired/);
    } finally {
      await s.h.close();
    }
  });
});

describe('the simulator’s own time per request', () => {
  it('lists each API request with the time it took to build and to send, and forgets them on DELETE', async () => {
    await fetch(api.h.baseUrl + '/__sim/served', { method: 'DELETE' });
    const since = Date.now();
    expect((await api.call('GET', '/api/ObjectsStatus', { token: demo })).status).toBe(200);
    expect((await api.call('GET', '/api/Nope', { token: demo })).status).toBe(404);
    const served = (await (await fetch(api.h.baseUrl + '/__sim/served')).json()) as Served[];
    expect(served.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /api/ObjectsStatus', 'GET /api/Nope']);
    const [status, missing] = served;
    expect(status!.at).toBeGreaterThanOrEqual(since);
    expect(status!.handlerMs).toBeGreaterThanOrEqual(0);
    expect(status!.finishedMs).toBeGreaterThanOrEqual(status!.handlerMs);
    // No route, so no handler made an answer; the 404 was still sent.
    expect(missing!.handlerMs).toBe(-1);
    expect(missing!.finishedMs).not.toBeNull();
    await fetch(api.h.baseUrl + '/__sim/served', { method: 'DELETE' });
    expect(await (await fetch(api.h.baseUrl + '/__sim/served')).json()).toEqual([]);
  });
});
