import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistorySchema, ObjectsStatusSchema, ProfileSchema, FleetObjectSchema, EventSchema, GeocodeResultSchema } from '../../../common/resources';
import { start, type Api } from './helpers';

const DAY = 86_400_000;
const clock = Date.UTC(2025, 5, 11, 10, 0, 0);
let api: Api;
let demo: string;
beforeAll(async () => {
  api = await start({ now: () => clock, seed: 11, objects: 40 });
  demo = await api.token('demo');
});
afterAll(() => api.h.close());

describe('the app\'s canonical shapes (common/resources.ts) parse what the simulator serves', () => {
  it('profile, objects, status, history, events, geocoder', async () => {
    ProfileSchema.parse((await api.call('GET', '/api/Profile', { token: demo })).body);
    for (const o of (await api.call('GET', '/api/Objects', { token: demo })).body) FleetObjectSchema.parse(o);
    ObjectsStatusSchema.parse((await api.call('GET', '/api/ObjectsStatus', { token: demo })).body);
    HistorySchema.parse((await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: 1, From: clock - DAY, Till: clock } })).body);
    for (const e of (await api.call('GET', '/api/Events', { token: demo })).body) EventSchema.parse(e);
    for (const g of (await api.call('POST', '/api/ReverseGeocoder', { token: demo, body: [{ Latitude: 1, Longitude: 1 }] })).body) GeocodeResultSchema.parse(g);
  });
});

describe('the history’s points over HTTP', () => {
  it('are the tracker’s own fixes, number for number (they are written as bytes, not strings)', async () => {
    const from = clock - DAY;
    const h = (await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: 1, From: from, Till: clock } })).body;
    type P = { Lat: number; Lng: number; Alt: number; Time: number; Speed: number; heading: number; Sat: number };
    const points = (h.Track.Intervals as { Positions?: P[] }[]).flatMap((i) => i.Positions ?? []);
    expect(points.length).toBeGreaterThan(1000);
    for (const p of points) {
      const f = api.h.sim.tracker.fixAt(1, p.Time);
      expect(p).toEqual({ Lat: f.Lat, Lng: f.Lng, Alt: f.Alt, Time: p.Time, Speed: f.Speed, heading: f.heading, Sat: f.Sat });
    }
  });
});

describe('events agree with the track', () => {
  it('speeding happens above MaxSpeed; geozone enter happens inside the zone', async () => {
    const objs = (await api.call('GET', '/api/Objects', { token: demo })).body as { Id: number; MaxSpeed: number }[];
    const zones = (await api.call('GET', '/api/Geozones', { token: demo })).body as { Id: number; Name: string }[];
    let speeding = 0;
    let enters = 0;
    for (const o of objs.slice(0, 12)) {
      const from = clock - 2 * DAY;
      const h = (await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: o.Id, From: from, Till: clock } })).body;
      const points = (h.Track.Intervals as { Positions?: { Time: number; Speed: number; Lat: number; Lng: number }[] }[]).flatMap((i) => i.Positions ?? []);
      for (const e of h.Events as { Type: number; Time: number; Text: string }[]) {
        if (e.Type === 4) {
          const near = points.filter((p) => Math.abs(p.Time - e.Time) <= 3000);
          expect(near.length).toBeGreaterThan(0);
          expect(Math.max(...near.map((p) => p.Speed))).toBeGreaterThan(o.MaxSpeed - 1);
          speeding++;
        }
        if (e.Type === 8) {
          const p = points.find((q) => q.Time >= e.Time + 1000);
          expect(p).toBeDefined();
          expect(zones.some((z) => e.Text.endsWith(z.Name))).toBe(true);
          enters++;
        }
      }
      const v = h.Violations;
      expect(v.SpeedViolations.length).toBe((h.Events as { Type: number }[]).filter((e) => e.Type === 4).length);
    }
    expect(speeding + enters).toBeGreaterThan(0);
  });
  it('ignition events bracket every movement interval', async () => {
    const objs = (await api.call('GET', '/api/Objects', { token: demo })).body as { Id: number }[];
    const h = (await api.call('POST', '/api/ObjectsHistory', { token: demo, body: { ObjectId: objs[1]!.Id, From: clock - 3 * DAY, Till: clock } })).body;
    expect(h.Track.Intervals.some((i: { Positions?: unknown }) => i.Positions)).toBe(true);
    const ons = (h.Events as { Type: number; Time: number }[]).filter((e) => e.Type === 1).map((e) => e.Time);
    const offs = (h.Events as { Type: number; Time: number }[]).filter((e) => e.Type === 2).map((e) => e.Time);
    for (const iv of h.Track.Intervals as { From: number; Till: number; Positions?: unknown }[]) {
      if (!iv.Positions || iv.From <= clock - 3 * DAY || iv.Till >= clock) continue;
      expect(ons.some((t) => t <= iv.From && iv.From - t < 5 * 60_000)).toBe(true);
      expect(offs.some((t) => t >= iv.Till && t - iv.Till < 5 * 60_000)).toBe(true);
    }
  });
});

describe('scale', () => {
  it('50,000 objects: ObjectsStatus answers every position', async () => {
    const big = await start({ objects: 50_000, seed: 3 });
    try {
      const t = await big.token('admin');
      const r = await fetch(big.h.baseUrl + '/api/ObjectsStatus', { headers: { Authorization: `Bearer ${t}` } });
      const s = (await r.json()) as { Positions: unknown[]; SensorValues: unknown[] };
      expect(s.Positions).toHaveLength(50_000);
      expect(s.SensorValues.length).toBeGreaterThan(200_000);
    } finally {
      await big.h.close();
    }
  }, 60_000);
});
