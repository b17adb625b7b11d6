import { describe, expect, it, vi } from 'vitest';
import { stageStatus } from '../../../main/core/sync/ingest-bodies';
import type { PollBody } from '../../../main/core/sync/poll-body';
import { chunked, spooledStatus, useTempCaches } from './helpers';

/**
 * A status read that leaves out the elements whose bytes are as last time (decision 0066)
 * must store what a read of every element stores, poll after poll, whatever the server
 * changes between them. Each step below stages the same body on two real cache files: one
 * read in batches with the memory of the last read, one read whole (which keeps none).
 */
const t = useTempCaches();
const DAY = 86_400_000;

function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s % n;
  };
}

type El = Record<string, number | string | boolean>;
interface Body {
  Positions: El[];
  SensorValues: El[];
  DriverKeys?: El[];
  Stats: El[];
}

function firstBody(n: number): Body {
  const ids = Array.from({ length: n }, (_, i) => i + 1);
  return {
    Positions: ids.map((id) => ({ ObjectId: id, Online: true, Lat: 50 + id / 1e3, Lng: 14, Time: 1_718_000_000_000, Speed: 0 })),
    SensorValues: ids.flatMap((id) => [{ SensorId: 2 * id, Time: 1_718_000_000_000, Value: 0 }, { SensorId: 2 * id + 1, Time: 1_718_000_000_000, Value: 12.5 }]),
    DriverKeys: ids.map((id) => ({ ObjectId: id, Time: 1_718_000_000_000, UId: `K${id}` })),
    Stats: ids.map((id) => ({ ObjectId: id, Day: 1_717_977_600_000, Length: id })),
  };
}

/** What a server may do between two polls: mostly change some values, sometimes move, add or drop elements. */
function nextBody(b: Body, next: (n: number) => number, step: number): Body {
  const out: Body = { Positions: copy(b.Positions), SensorValues: copy(b.SensorValues), Stats: copy(b.Stats), ...(b.DriverKeys ? { DriverKeys: copy(b.DriverKeys) } : {}) };
  const time = 1_718_000_000_000 + step * 5000;
  for (const p of out.Positions) if (next(10) === 0) Object.assign(p, { Lat: Number(p.Lat) + 0.001, Time: time, Speed: next(90) });
  for (const v of out.SensorValues) if (next(10) === 0) Object.assign(v, { Time: time, Value: next(2) });
  for (const s of out.Stats) if (next(10) === 0) s.Length = Number(s.Length) + 1;
  const arrays = [out.Positions, out.SensorValues, out.Stats];
  switch (next(16)) {
    case 0: {
      // Two elements trade places.
      const a = pick(arrays, next);
      const [i, j] = [next(a.length), next(a.length)];
      [a[i], a[j]] = [a[j]!, a[i]!];
      break;
    }
    case 1: {
      const id = 1000 + step;
      out.Positions.splice(next(out.Positions.length), 0, { ObjectId: id, Online: true, Lat: 48, Lng: 16, Time: time, Speed: 5 });
      out.SensorValues.push({ SensorId: 2 * id, Time: time, Value: 1 });
      break;
    }
    case 2:
      pick(arrays, next).splice(next(20), 1);
      break;
    case 3:
      // A second day for some objects: the stats name one object twice, each day once.
      for (const s of out.Stats.slice(0, 5)) out.Stats.push({ ...s, Day: Number(s.Day) + DAY, Length: 0 });
      break;
    case 4:
      if (out.DriverKeys) delete out.DriverKeys;
      else out.DriverKeys = copy(b.Positions).map((p) => ({ ObjectId: p.ObjectId!, Time: time, UId: `K${String(p.ObjectId)}` }));
      break;
    default:
  }
  return out;
}

/** The body as one poll sends it: now and then an element repeated with other values, or one naming another's id. */
function sent(b: Body, next: (n: number) => number): Body {
  const out: Body = { ...b, Positions: copy(b.Positions), SensorValues: copy(b.SensorValues), Stats: copy(b.Stats) };
  const arrays = [out.Positions, out.SensorValues, out.Stats];
  switch (next(12)) {
    case 0: {
      // The later one is the state kept.
      const a = pick(arrays, next);
      const e = { ...pick(a, next) };
      if ('Value' in e) e.Value = 7;
      else if ('Length' in e) e.Length = -1;
      else e.Speed = 77;
      a.splice(next(a.length), 0, e);
      break;
    }
    case 1:
      pick(out.Positions, next).ObjectId = pick(out.Positions, next).ObjectId!;
      break;
    default:
  }
  return out;
}

const copy = (a: El[]) => a.map((e) => ({ ...e }));
const pick = <T,>(a: T[], next: (n: number) => number) => a[next(a.length)]!;

describe('a status read that leaves out what is as it was (decision 0066)', () => {
  const spool = (text: string) => spooledStatus(t.tempDir(), text);

  it('stores what a read of every element stores, poll after poll, whatever the server changed', () => {
    for (const [seed, form] of [
      [1, 'spooled'],
      [2, 'bytes'],
      [3, 'spooled'],
    ] as const) {
      const next = random(seed);
      const remembering = t.open({ dataDir: t.tempDir() });
      const whole = t.open({ dataDir: t.tempDir() });
      let body = firstBody(300);
      // How much of each body JSON.parse was given: the steps that left most of it out.
      const parse = vi.spyOn(JSON, 'parse');
      let mostlyLeftOut = 0;
      for (let step = 0; step < 60; step++) {
        const text = JSON.stringify(sent(body, next));
        const asRead: PollBody = form === 'spooled' ? spool(text) : chunked(text, 777);
        parse.mockClear();
        const a = stageStatus(remembering, asRead, 1000 + step);
        const parsed = parse.mock.calls.reduce((n, [s]) => n + String(s).length, 0);
        if (parsed < text.length / 3) mostlyLeftOut++;
        const b = stageStatus(whole, text, 1000 + step);
        expect(a.read).toBe('in batches');
        expect(a.changes, `seed ${seed}, step ${step}`).toEqual(b.changes);
        a.write();
        b.write();
        expect(remembering.status.snapshot()).toEqual(whole.status.snapshot());
        expect(remembering.status.dailyStats()).toEqual(whole.status.dailyStats());
        expect(remembering.status.allDriverKeys()).toEqual(whole.status.allDriverKeys());
        expect(remembering.status.sensorValuesOf()).toEqual(whole.status.sensorValuesOf());
        if (step === 40) {
          // The copy changed by other means: a pruned object's unchanged elements are stored again.
          const keep = body.Positions.map((p) => Number(p.ObjectId)).filter((id) => id % 7 !== 0);
          expect(remembering.status.prune(keep)).toBe(whole.status.prune(keep));
        }
        body = nextBody(body, next, step);
      }
      parse.mockRestore();
      expect(mostlyLeftOut, `seed ${seed}`).toBeGreaterThan(20);
    }
  });

  it('knows the ids of elements that moved: a place that later names an id another place still holds is read in full', () => {
    const p = (id: number, lat: number) => ({ ObjectId: id, Online: true, Lat: lat, Lng: 14, Time: 1_718_000_000_000, Speed: 0 });
    const polls = [
      [p(1, 50), p(2, 51), p(3, 52)],
      // Objects 1 and 2 trade places.
      [p(2, 51), p(1, 50), p(3, 52)],
      // The first place now names object 1 again, with other values, while the second still holds object 1 as it was.
      [p(1, 49), p(1, 50), p(3, 52)],
    ];
    const remembering = t.open({ dataDir: t.tempDir() });
    const whole = t.open({ dataDir: t.tempDir() });
    polls.forEach((positions, i) => {
      const text = JSON.stringify({ Positions: positions, SensorValues: [], DriverKeys: [], Stats: [] });
      const a = stageStatus(remembering, spool(text), 1000 + i);
      const b = stageStatus(whole, text, 1000 + i);
      expect(a.changes, `poll ${i}`).toEqual(b.changes);
      a.write();
      b.write();
    });
    expect(remembering.status.snapshot()).toEqual(whole.status.snapshot());
  });
});
