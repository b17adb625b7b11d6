/* eslint-disable @typescript-eslint/no-explicit-any -- wire JSON (its shapes are checked against the OpenAPI document in detailed.test.ts) */
/**
 * A fleet raises events at every hour, night included (issue 21, section 6: at 21:40 UTC a
 * fresh 60-object simulator used to show one event). For fixed clocks: the alarm lists of a
 * fresh simulator are well filled, the same seed and clock give the same events, and the
 * sensors agree with the night's door and power events.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { EventBit, startSimulator, type SimulatorHandle } from '../../../simulator';

/** What a control room of 60 vehicles sees in its six-hour backlog at night (a few alarms an hour). */
const FLOOR = 8;
const CLOCKS = ['2026-11-25T21:40:00Z', '2026-11-26T03:00:00Z', '2026-07-04T23:15:00Z', '2026-11-26T14:00:00Z'];

const opened: SimulatorHandle[] = [];
afterAll(async () => {
  for (const h of opened) await h.close();
});

interface Api {
  h: SimulatorHandle;
  call(method: string, path: string, o: { token: string; body?: unknown }): Promise<{ status: number; body: any }>;
}

async function fresh(iso: string): Promise<{ api: Api; token: string; at: number }> {
  const at = Date.parse(iso);
  const h = await startSimulator({ port: 0, seed: 7, objects: 60, now: () => at });
  opened.push(h);
  const call: Api['call'] = async (method, path, o) => {
    const r = await fetch(h.baseUrl + path, {
      method,
      headers: { Authorization: `Bearer ${o.token}`, 'Content-Type': 'application/json' },
      ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
    });
    return { status: r.status, body: await r.json() };
  };
  return { api: { h, call }, token: await h.tokenFor('demo'), at };
}

const lists = async (api: Api, token: string): Promise<{ all: any[]; feed: any[] }> => ({
  all: (await api.call('GET', '/api/Events', { token })).body,
  feed: (await api.call('GET', '/api/Events/feed', { token })).body,
});

const NIGHT_KINDS = EventBit.Alarm | EventBit.PowerCut | EventBit.LowBattery | EventBit.Towing | EventBit.DoorOpen | EventBit.ConnectionLost;

describe('events at every hour', () => {
  it.each(CLOCKS)('a fresh simulator at %s has a filled alarm list and feed, the same for the same seed and clock', async (iso) => {
    const a = await fresh(iso);
    const first = await lists(a.api, a.token);
    expect(first.all.length).toBeGreaterThanOrEqual(FLOOR);
    expect(first.feed.length).toBeGreaterThanOrEqual(FLOOR);
    for (const e of first.all) expect(e.Time).toBeLessThanOrEqual(a.at);
    const b = await fresh(iso);
    expect(await lists(b.api, b.token)).toEqual(first);
  });

  it('every hour of a whole day has events, and the night has its alarms of several kinds', async () => {
    const { api, token, at } = await fresh('2026-11-26T06:00:00Z');
    const from = at - 24 * 3600_000;
    const r = await api.call('POST', '/api/ObjectsHistory/Events', { token, body: { From: from, Till: at - 1 } });
    expect(r.status).toBe(200);
    const perHour = new Array<number>(24).fill(0);
    const nightKinds = new Set<number>();
    for (const e of r.body as any[]) {
      const h = new Date(e.Time).getUTCHours();
      perHour[h]!++;
      // 22:00–04:00 UTC is night in every depot's time zone but Chicago's evening.
      if ((h >= 22 || h < 4) && e.Type & NIGHT_KINDS) nightKinds.add(e.Type);
    }
    expect(perHour.every((n) => n >= 1), perHour.join(',')).toBe(true);
    expect(nightKinds.size).toBeGreaterThanOrEqual(4);
  });

  it('a door opened or a power cut at night shows in the sensors at that moment', async () => {
    const { api, token, at } = await fresh('2026-11-26T06:00:00Z');
    const events = (await api.call('POST', '/api/ObjectsHistory/Events', { token, body: { From: at - 12 * 3600_000, Till: at - 1 } })).body as any[];
    const door = events.find((e) => e.Type === EventBit.DoorOpen && /while parked/.test(e.Text));
    const power = events.find((e) => e.Type === (EventBit.PowerCut | EventBit.Alarm));
    expect(door).toBeDefined();
    expect(power).toBeDefined();
    const sensors = api.h.sim.sensors;
    expect(sensors.door(door.ObjectId, door.Time + 30_000)).toBe(true);
    expect(sensors.voltage(power.ObjectId, power.Time + 30_000)).toBe(0);
    expect(sensors.voltage(power.ObjectId, power.Time - 60_000)).toBeGreaterThan(12);
    // The door sensor's history changes at the same moment.
    const hist = (await api.call('POST', '/api/ObjectsHistory', { token, body: { ObjectId: door.ObjectId, From: door.Time - 3600_000, Till: door.Time + 3600_000 } })).body;
    const doorSeries = hist.Sensors.find((s: any) => s.SensorId === door.ObjectId * 10 + 5).Intervals[0].Values as { Time: number; Value: number }[];
    expect(doorSeries).toContainEqual({ Time: door.Time, Value: 1 });
  });
});
