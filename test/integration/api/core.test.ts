import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../main/core/api/auth';
import type { ApiError } from '../../../main/core/api/errors';
import { startHarness, type Harness } from './harness';
import { failure } from '../../support/failure';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('sign-in', () => {
  it('POST /api/Token gives a JWT with its expiry', async () => {
    const r = await signIn(fetch, h.sim.baseUrl, 'demo', 'demo');
    expect(r.token.split('.')).toHaveLength(3);
    expect(r.expiresAt).toBeGreaterThan(Date.now());
  });
  it('a base URL with a trailing slash works', async () => {
    expect((await signIn(fetch, `${h.sim.baseUrl}/`, 'admin', 'admin')).token).toBeTruthy();
  });
  it('a wrong password is unauthorized in plain words; the server message is kept for the log', async () => {
    const e = await failure(signIn(fetch, h.sim.baseUrl, 'demo', 'wrong'));
    expect(e.code).toBe('unauthorized');
    expect(e.message).toBe('Wrong login or password.');
    expect((e as ApiError).serverMessage).toContain('Invalid user name or password');
  });
  it('an unreachable server is offline, named by its host and port', async () => {
    const e = await failure(signIn(fetch, 'http://127.0.0.1:1', 'demo', 'demo'));
    expect(e.code).toBe('offline');
    expect(e.message).toBe('Cannot reach 127.0.0.1:1: check the address.');
  });
});

describe('objects', () => {
  it('GET /api/Profile', async () => {
    const p = await h.api.objects.profile();
    expect(p.Objects.length).toBeGreaterThan(0);
    expect(p.ServerTime).toBeGreaterThan(0);
    expect(Array.isArray(p.ObjectIcons)).toBe(true);
  });

  it('GET /api/Objects and /api/Objects/{id}', async () => {
    const list = await h.api.objects.list();
    expect(list.length).toBeGreaterThan(0);
    const first = list[0]!;
    const one = await h.api.objects.get(first.Id);
    expect(one.Id).toBe(first.Id);
    expect(one.Name).toBe(first.Name);
    expect(Array.isArray(one.Sensors)).toBe(true);
  });

  it('GET /api/Objects/lite and /api/Objects/lite/{id}', async () => {
    const lite = await h.api.objects.listLite();
    expect(lite.length).toBeGreaterThan(0);
    const one = await h.api.objects.getLite(lite[0]!.Id);
    expect(one).toMatchObject({ Id: lite[0]!.Id, Name: lite[0]!.Name });
  });

  it('GET /api/Objects/byimei/{imei} and /byname/{name}', async () => {
    const [o] = await h.api.objects.list();
    expect((await h.api.objects.getByImei(o!.IMEI!)).Id).toBe(o!.Id);
    const byName = await h.api.objects.findByName(o!.Name);
    expect(byName.map((x) => x.Id)).toContain(o!.Id);
  });

  it('an unknown object is not_found with the server message', async () => {
    const e = await failure(h.api.objects.get(987654));
    expect(e.code).toBe('not_found');
    expect(e.message).toContain('GET /api/Objects/987654');
    expect(e.message).toContain('987654 not found');
  });

  it('another company\'s objects are not visible', async () => {
    const acme = await startHarness({ login: 'acme' });
    try {
      const mine = new Set((await h.api.objects.list()).map((o) => o.Id));
      const theirs = await acme.api.objects.list();
      expect(theirs.some((o) => mine.has(o.Id))).toBe(false);
      const e = await failure(acme.api.objects.get([...mine][0]!));
      expect(e.code).toBe('not_found');
    } finally {
      await acme.close();
    }
  });
});

describe('status', () => {
  it('GET /api/ObjectsStatus: one position per object, canonical shape', async () => {
    const [objects, s] = await Promise.all([h.api.objects.list(), h.api.status.get()]);
    expect(new Set(s.Positions.map((p) => p.ObjectId))).toEqual(new Set(objects.map((o) => o.Id)));
    for (const p of s.Positions) {
      expect(typeof p.Online).toBe('boolean');
      expect(typeof p.Lat).toBe('number');
      expect(typeof p.Time).toBe('number');
    }
    expect(Array.isArray(s.SensorValues)).toBe(true);
    expect(Array.isArray(s.DriverKeys)).toBe(true);
    expect(Array.isArray(s.Stats)).toBe(true);
  });

  it('GET /api/ObjectsStatus/{id}', async () => {
    const [o] = await h.api.objects.list();
    const s = await h.api.status.getOne(o!.Id);
    expect(s.Positions).toHaveLength(1);
    expect(s.Positions[0]!.ObjectId).toBe(o!.Id);
  });
});
