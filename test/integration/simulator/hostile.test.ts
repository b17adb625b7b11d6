import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAME_MAX, HOSTILE_TEXTS } from '../../../simulator/world/hostile';
import { start, type Api } from './helpers';

/** The hostile-text corpus reaches every field the console shows, as the service's own answers say. */
let api: Api;
let demo: string;
const clock = Date.UTC(2025, 5, 11, 15, 0, 0);

beforeAll(async () => {
  api = await start({ objects: 40, now: () => clock, hostileNames: true });
  demo = await api.token('demo');
});
afterAll(() => api.h.close());

const names = (body: unknown) => (body as { Name: string }[]).map((r) => r.Name);

describe('hostileNames', () => {
  it('names the first objects of each company and a sensor of each', async () => {
    const objects = (await api.call('GET', '/api/Objects', { token: demo })).body as { Name: string; Sensors: { Name: string }[] }[];
    expect(objects.map((o) => o.Name)).toEqual(expect.arrayContaining([...HOSTILE_TEXTS]));
    expect(objects.filter((o) => !HOSTILE_TEXTS.includes(o.Name)).length).toBeGreaterThan(0);
    const sensors = objects.flatMap((o) => o.Sensors.map((s) => s.Name));
    expect(sensors).toEqual(expect.arrayContaining([...HOSTILE_TEXTS]));
    expect(sensors).toContain('Ignition');
  });

  it('names groups, geozones and drivers from the corpus', async () => {
    for (const path of ['/api/Objects/Groups', '/api/Geozones', '/api/Drivers']) {
      const got = names((await api.call('GET', path, { token: demo })).body);
      expect(got.length, path).toBeGreaterThan(0);
      for (const n of got) expect(HOSTILE_TEXTS.map((t) => t.slice(0, COLLECTION_NAME_MAX)), path).toContain(n);
    }
  });

  it('writes corpus texts into the renamed objects’ events and every address', async () => {
    const feed = (await api.call('GET', '/api/Events', { token: demo })).body as { Text: string }[];
    expect(feed.some((e) => HOSTILE_TEXTS.includes(e.Text))).toBe(true);
    const geo = (await api.call('POST', '/api/ReverseGeocoder', { token: demo, body: [{ Latitude: 52.52, Longitude: 13.405 }, { Latitude: 0, Longitude: -30 }] })).body as { Address: string | null }[];
    expect(HOSTILE_TEXTS).toContain(geo[0]!.Address);
    expect(geo[1]!.Address).toBeNull();
  });

  it('is off by default', async () => {
    const plain = await start({ objects: 40, now: () => clock });
    try {
      const objects = (await plain.call('GET', '/api/Objects', { token: await plain.token('demo') })).body as { Name: string }[];
      expect(objects.some((o) => HOSTILE_TEXTS.includes(o.Name))).toBe(false);
    } finally {
      await plain.h.close();
    }
  });
});
