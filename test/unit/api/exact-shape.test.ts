/**
 * The exact-shape shortcut of normalize(): taken only for a body the walk and the parse would
 * return unchanged, and giving the same result as they do.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FleetObjectSchema, ObjectsStatusSchema } from '../../../common/resources';
import { exactShape } from '../../../main/core/api/exact-shape';
import { STATUS_ALIASES, parseObjectsStatus } from '../../../main/core/api/status';
import { LiteObjectSchema, parseObjectsLite } from '../../../main/core/api/objects';
import { normalize } from '../../../main/core/api/tolerant';
import { startSimulator } from '../../../simulator';

const DEFAULTS = { Lat: 0, Lng: 0 };
const both = (raw: unknown) => ({
  exact: normalize(ObjectsStatusSchema, structuredClone(raw), 'GET /api/ObjectsStatus', { defaults: DEFAULTS, aliases: STATUS_ALIASES, exact: true }),
  walked: normalize(ObjectsStatusSchema, structuredClone(raw), 'GET /api/ObjectsStatus', { defaults: DEFAULTS, aliases: STATUS_ALIASES }),
});
const canonical = () => ({
  Positions: [{ ObjectId: 1, Online: true, Lat: 50.1, Lng: 14.4, Time: 1_795_000_000_000, Speed: 12.5, heading: 90 }],
  SensorValues: [{ SensorId: 7, Time: 1_795_000_000_000, Value: 1 }],
  DriverKeys: [{ ObjectId: 1, Time: 1_795_000_000_000, UId: 'A1' }],
  Stats: [{ ObjectId: 1, Day: 1_794_960_000_000, Length: 120.5 }],
});

describe('exact-shape shortcut', () => {
  it("takes a simulator's whole status body and object list as they are, and gives what the walk gives", async () => {
    const sim = await startSimulator({ port: 0, seed: 5, objects: 200 });
    try {
      const t = await fetch(`${sim.baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
      const token = ((await t.json()) as { AccessToken: string }).AccessToken;
      const raw = (await (await fetch(`${sim.baseUrl}/api/ObjectsStatus`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Positions: unknown[] };
      expect(raw.Positions.length).toBeGreaterThan(100);
      expect(exactShape(ObjectsStatusSchema, { defaulted: Object.keys(DEFAULTS), aliases: STATUS_ALIASES })?.(raw)).toBe(true);
      const { exact, walked } = both(raw);
      expect(exact).toEqual(walked);
      // The shortcut returns the decoded value itself: no copy was made.
      const own = structuredClone(raw);
      expect(normalize(ObjectsStatusSchema, own, 'x', { defaults: DEFAULTS, aliases: STATUS_ALIASES, exact: true })).toBe(own);
      // Asked for only: the main thread's own reads never compile a check (up to half a second).
      expect(normalize(ObjectsStatusSchema, structuredClone(raw), 'x', { defaults: DEFAULTS, aliases: STATUS_ALIASES })).not.toBe(own);

      // The object list, with keys its schema leaves unnamed (Phone1, Comment, Flags…): the same.
      const list = (await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[];
      const objects = z.array(FleetObjectSchema);
      expect(exactShape(objects)?.(list)).toBe(true);
      expect(normalize(objects, structuredClone(list), 'GET /api/Objects', { exact: true })).toEqual(normalize(objects, structuredClone(list), 'GET /api/Objects'));

      // The reduced list a first sign-in names the fleet from: the same, and the ingestor's reading takes the shortcut.
      const lite = (await (await fetch(`${sim.baseUrl}/api/Objects/lite`, { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[];
      const lites = z.array(LiteObjectSchema);
      expect(lite.length).toBeGreaterThan(100);
      expect(exactShape(lites)?.(lite)).toBe(true);
      const ownLite = structuredClone(lite);
      expect(parseObjectsLite(ownLite, 'GET /api/Objects/lite')).toBe(ownLite);
      expect(parseObjectsLite(structuredClone(lite), 'x')).toEqual(normalize(lites, structuredClone(lite), 'GET /api/Objects/lite'));
      // One element spelled otherwise: the whole body takes the walk, which reads it.
      const odd = structuredClone(lite) as Record<string, unknown>[];
      const { Name, ...rest } = odd[3]!;
      odd[3] = { ...rest, name: Name, IconId: String(odd[3]!.IconId ?? 1) };
      const read = parseObjectsLite(odd, 'x');
      expect(read).not.toBe(odd);
      expect(read[3]!.Name).toBe(Name);
      expect(typeof read[3]!.IconId).toBe('number');
    } finally {
      await sim.close();
    }
  });

  it('leaves to the walk every body it would change', () => {
    const cases: [string, (b: ReturnType<typeof canonical>) => void, (r: z.output<typeof ObjectsStatusSchema>) => void][] = [
      ['an optional field under another spelling', (b) => Object.assign(b.Positions[0]!, { spd: 40, Speed: undefined }), (r) => expect(r.Positions[0]!.Speed).toBe(40)],
      ['a number sent as a string', (b) => Object.assign(b.Positions[0]!, { Lat: '50.5' }), (r) => expect(r.Positions[0]!.Lat).toBe(50.5)],
      ['a missing coordinate (defaulted)', (b) => delete (b.Positions[0] as { Lng?: number }).Lng, (r) => expect(r.Positions[0]!.Lng).toBe(0)],
      ['a day as yyyymmdd', (b) => Object.assign(b.Stats[0]!, { Day: 20261125 }), (r) => expect(r.Stats[0]!.Day).toBe(Date.UTC(2026, 10, 25))],
      ['a null time', (b) => Object.assign(b.DriverKeys[0]!, { Time: null }), (r) => expect(r.DriverKeys[0]!.Time).toBe(0)],
      ['a key in another letter case', (b) => Object.assign(b.SensorValues[0]!, { sensorid: 8, SensorId: undefined }), (r) => expect(r.SensorValues[0]!.SensorId).toBe(8)],
    ];
    for (const [what, change, check] of cases) {
      const body = JSON.parse(JSON.stringify(canonical())) as ReturnType<typeof canonical>;
      change(body);
      const raw = JSON.parse(JSON.stringify(body)) as unknown;
      expect(exactShape(ObjectsStatusSchema, { defaulted: Object.keys(DEFAULTS), aliases: STATUS_ALIASES })?.(raw), what).toBe(false);
      const { exact, walked } = both(raw);
      expect(exact, what).toEqual(walked);
      check(exact);
    }
    expect(exactShape(ObjectsStatusSchema, { defaulted: Object.keys(DEFAULTS), aliases: STATUS_ALIASES })?.(canonical())).toBe(true);
  });

  it('takes a body with keys the schema does not name, as long as the walk would keep them as sent', () => {
    const check = exactShape(ObjectsStatusSchema, { defaulted: Object.keys(DEFAULTS), aliases: STATUS_ALIASES })!;
    const body = canonical();
    // Unknown to the schema, and a second spelling of a field the position has: both kept as sent.
    Object.assign(body.Positions[0]!, { Odometer: 1234, speed: 99 });
    expect(check(body)).toBe(true);
    const { exact, walked } = both(body);
    expect(exact).toEqual(walked);
    expect(exact.Positions[0]).toMatchObject({ Odometer: 1234, speed: 99, Speed: 12.5 });
  });

  it('still refuses what the schema refuses, with the field named', () => {
    const body = canonical();
    Object.assign(body.Positions[0]!, { Lat: 'north' });
    expect(() => parseObjectsStatus(body, 'GET /api/ObjectsStatus', { exact: true })).toThrow(/GET \/api\/ObjectsStatus: .*Lat/);
  });

  it('has no shortcut for a schema whose parse changes values or picks among options', () => {
    expect(exactShape(z.object({ a: z.number().default(3) }))).toBeNull();
    expect(exactShape(z.object({ a: z.union([z.object({ x: z.number() }), z.object({ y: z.string() })]) }))).toBeNull();
    expect(exactShape(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(exactShape(z.object({ a: z.number() }))).not.toBeNull();
  });
});
