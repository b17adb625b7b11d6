/**
 * The whole fleet's status keeps each object's elements between polls (routes/status.ts):
 * whatever moved, reported, was edited or changed owner since, the body must say what the
 * one-object status, built afresh each time, says.
 */
import { get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

type Pos = { ObjectId: number; Online: boolean; Time: number };
type Status = { Positions: Pos[]; SensorValues: { SensorId: number }[]; DriverKeys: { ObjectId: number }[]; Stats: { ObjectId: number }[] };

let clock = Date.UTC(2025, 5, 11, 9, 59, 30);
let api: Api;
let admin: string;
beforeAll(async () => {
  api = await start({ now: () => clock, seed: 11, objects: 40, dense: 4 });
  admin = await api.token('admin');
});
afterAll(() => api.h.close());

const fleet = async (): Promise<Status> => (await api.call('GET', '/api/ObjectsStatus', { token: admin })).body as Status;

/** The fleet's body split by object: each object's elements of the four arrays. */
function byObject(s: Status): Map<number, unknown> {
  const out = new Map<number, unknown>();
  for (const p of s.Positions) {
    const id = p.ObjectId;
    out.set(id, {
      Positions: [p],
      // A sensor's Id is its object's Id times ten plus its kind.
      SensorValues: s.SensorValues.filter((v) => Math.floor(v.SensorId / 10) === id),
      DriverKeys: s.DriverKeys.filter((k) => k.ObjectId === id),
      Stats: s.Stats.filter((k) => k.ObjectId === id),
    });
  }
  return out;
}

/** Every object of the fleet's body against its own status, asked alone. */
async function expectFleetAgreesWithEachObject(): Promise<Status> {
  const s = await fleet();
  const split = byObject(s);
  expect(split.size).toBe(s.Positions.length);
  for (const [id, elements] of split) {
    const alone = (await api.call('GET', `/api/ObjectsStatus/${id}`, { token: admin })).body;
    expect(elements, `object ${id}`).toEqual(alone);
  }
  return s;
}

const pos = (s: Status, id: number): Pos => s.Positions.find((p) => p.ObjectId === id)!;

describe('the fleet’s status between polls', () => {
  it('follows the clock: moving objects’ new fixes, and every parked heartbeat at the minute', async () => {
    const first = await expectFleetAgreesWithEachObject();
    clock += 5_000;
    const second = await expectFleetAgreesWithEachObject();
    // The dense objects drive around the clock and report every second.
    expect(pos(second, 1).Time).toBeGreaterThan(pos(first, 1).Time);
    clock += 60_000;
    const third = await expectFleetAgreesWithEachObject();
    const heartbeats = third.Positions.filter((p) => p.Time > 0 && p.Time === pos(second, p.ObjectId).Time);
    expect(heartbeats.filter((p) => p.Online)).toEqual([]);
  });

  it('is the same for a user who sees one company, asked between two of the administrator’s polls', async () => {
    const demo = await api.token('demo');
    const all = await fleet();
    clock += 5_000;
    const own = (await api.call('GET', '/api/ObjectsStatus', { token: demo })).body as Status;
    expect(own.Positions.length).toBeGreaterThan(0);
    expect(own.Positions.length).toBeLessThan(all.Positions.length);
    const again = await expectFleetAgreesWithEachObject();
    expect(byObject(own)).toEqual(new Map([...byObject(again)].filter(([id]) => own.Positions.some((p) => p.ObjectId === id))));
  });

  it('follows an edited timeout, an owner transfer, a new object and a deleted one', async () => {
    const before = await fleet();
    const online = before.Positions.find((p) => p.Online && p.ObjectId > 4)!;
    expect(online, 'an online object that is not driving').toBeDefined();
    // A fix older than one second: with a timeout of one second the object is offline.
    clock += 2_000;
    expect((await api.call('PUT', '/api/Objects', { token: admin, body: { Id: online.ObjectId, Timeout: 1 } })).status).toBe(200);

    const withKey = before.DriverKeys[0]!.ObjectId;
    const objects = (await api.call('GET', '/api/Objects', { token: admin })).body as { Id: number; CompanyId: number }[];
    const owner = objects.find((o) => o.Id === withKey)!.CompanyId;
    const other = objects.find((o) => o.CompanyId !== owner)!.CompanyId;
    expect((await api.call('POST', '/api/Objects/setowner', { token: admin, body: { ObjectIds: [withKey], CompanyId: other } })).status).toBe(200);

    const created = (await api.call('POST', '/api/Objects', { token: admin, body: { Name: 'Kept test', IMEI: '359000000000777' } })).body as { Id: number };
    const gone = objects.find((o) => o.Id !== withKey && o.Id !== online.ObjectId && o.Id > 4)!.Id;
    expect((await api.call('DELETE', `/api/Objects/${gone}`, { token: admin })).status).toBe(200);

    const after = await expectFleetAgreesWithEachObject();
    expect(pos(after, online.ObjectId).Online).toBe(false);
    expect(pos(after, created.Id)).toMatchObject({ Online: false, Time: 0 });
    expect(after.Positions.some((p) => p.ObjectId === gone)).toBe(false);
  });

  it('turns an object offline when its last fix passes its timeout, with nothing else changed', async () => {
    // Offline with the oldest fix: a device that stopped reporting, not one offline by a short timeout.
    const silent = (await fleet()).Positions.filter((p) => p.Time > 0 && !p.Online).sort((a, b) => a.Time - b.Time)[0]!;
    expect(clock - silent.Time, 'an object whose device stopped reporting').toBeGreaterThan(600_000);
    const timeout = Math.ceil((clock - silent.Time) / 1000) + 30;
    expect((await api.call('PUT', '/api/Objects', { token: admin, body: { Id: silent.ObjectId, Timeout: timeout } })).status).toBe(200);
    expect(pos(await expectFleetAgreesWithEachObject(), silent.ObjectId)).toMatchObject({ Online: true, Time: silent.Time });
    clock += 60_000;
    expect(pos(await expectFleetAgreesWithEachObject(), silent.ObjectId)).toMatchObject({ Online: false, Time: silent.Time });
  });
});

describe('a fleet’s status body sent to a slow reader', () => {
  it('is not written over by the bodies built while it is still being sent', async () => {
    let now = Date.UTC(2025, 5, 11, 9, 59, 30);
    // Big enough that the body cannot all wait in the loopback socket's buffers.
    const big = await start({ now: () => now, seed: 3, objects: 20_000 });
    try {
      const token = await big.token('admin');
      const url = `${big.h.baseUrl}/api/ObjectsStatus`;
      const headers = { Authorization: `Bearer ${token}` };
      const whole = async (): Promise<Buffer> => Buffer.from(await (await fetch(url, { headers })).arrayBuffer());
      const expected = await whole();
      expect(expected.length).toBeGreaterThan(10_000_000);

      const slow = await new Promise<IncomingMessage>((resolve, reject) => get(url, { headers }, resolve).on('error', reject));
      slow.pause();
      for (const step of [5_000, 5_000, 60_000]) {
        now += step;
        expect((await whole()).equals(expected)).toBe(false);
      }
      const parts: Buffer[] = [];
      for await (const part of slow) parts.push(part as Buffer);
      expect(Buffer.concat(parts).equals(expected)).toBe(true);
    } finally {
      await big.h.close();
    }
  }, 120_000);
});
