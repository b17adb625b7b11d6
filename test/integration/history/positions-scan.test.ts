import { describe, expect, it } from 'vitest';
import { parseHistoryBody } from '../../../main/core/history';
import { scanPositions } from '../../../main/core/history/positions-scan';
import { startSimulator } from '../../../simulator';
import { signIn } from '../../../main/core/api/auth';

const enc = (s: string) => new TextEncoder().encode(s);

/** Both paths' results, or both errors' existence: the scan must never change an answer. */
function both(text: string) {
  const run = (scan: boolean) => {
    try {
      return { ok: parseHistoryBody(enc(text), { scan }) };
    } catch (e) {
      return { error: e instanceof Error };
    }
  };
  return { fast: run(true), general: run(false) };
}

const body = (positions: string, around = '') =>
  `{"Track":{"Intervals":[{"From":1,"Till":2,"Position":{"Lat":1,"Lng":2}},{"From":2,"Till":9,"Positions":${positions}}]}${around}}`;

describe('the Positions scan (history bodies read without JSON.parse of the points)', () => {
  it('reads a real one-day body of the simulator exactly as JSON.parse does, through the scan', async () => {
    const sim = await startSimulator({ port: 0, seed: 3, objects: 2, dense: 1, historyHz: 0.2 });
    try {
      const token = (await signIn(fetch, sim.baseUrl, 'demo', 'demo')).token;
      const day = 86_400_000;
      const till = Math.floor(Date.now() / day) * day;
      const res = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ObjectId: 1, From: till - day, Till: till }),
      });
      const bytes = new Uint8Array(await res.arrayBuffer());
      const scanned = scanPositions(bytes);
      expect(scanned?.spans.length).toBeGreaterThan(0);
      const fast = parseHistoryBody(bytes);
      expect(fast.track.time.length).toBeGreaterThan(10_000);
      expect(fast).toEqual(parseHistoryBody(bytes, { scan: false }));
    } finally {
      await sim.close();
    }
  });

  it('keeps nothing of the body’s bytes, so the writer can join the next body into the same buffer', () => {
    const text = body('[{"Lat":1.5,"Lng":2.5,"Time":3,"Speed":4}]', ',"Events":[{"Id":9,"Text":"x"}]');
    const bytes = enc(text);
    const first = parseHistoryBody(bytes);
    const copy = structuredClone(first);
    bytes.fill(0x20);
    bytes.set(enc(body('[{"Lat":7,"Lng":8,"Time":9}]')));
    expect(first).toEqual(copy);
    expect(Array.from(parseHistoryBody(bytes).track.time)).toEqual([9]);
  });

  it('reads numbers exactly: signs, zeros, fractions, exponents, long mantissas, null', () => {
    const pts = [
      '{"Lat":-33.8688197,"Lng":151.2092955,"Alt":-12.5,"Time":1795305600000,"Speed":0.1,"heading":359.99,"Sat":12}',
      '{"Lat":-0,"Lng":0.0,"Alt":1e2,"Time":1.7953056e12,"Speed":2.5E-1,"heading":1E+2,"Sat":300}',
      '{"Lat":12.345678901234567,"Lng":0.30000000000000004,"Time":17953056000001,"Speed":null,"heading":null,"Alt":null,"Sat":null}',
      '{"Lat":0.000000000000000000000012,"Lng":123456789012345.6,"Time":3,"Sat":-4}',
      '{ "Lat" : 1 ,\n\t"Lng":\r\n2, "Time": 5 }',
    ];
    const r = both(body(`[${pts.join(',')}]`));
    expect(r.fast.ok).toBeDefined();
    expect(r.fast).toEqual(r.general);
    expect(Object.is(r.fast.ok!.track.lat[1], -0)).toBe(true);
    expect(Array.from(r.fast.ok!.track.sat)).toEqual([12, 255, 0, 0, 0]);
    expect(scanPositions(enc(body(`[${pts.join(',')}]`)))!.spans).toHaveLength(1);
  });

  it('skips points without a time or a position, steps over fields it does not read, and keeps duplicate keys’ last value', () => {
    const text = body(
      '[{"Lat":1,"Lng":2},{"Time":4,"Lat":1,"Lng":2,"Hdop":0.9,"Note":"a \\"quoted\\" \\u00e9 \\n","Valid":true,"Gone":null,"Time":5},{},{"Lat":1,"Lng":null,"Time":6}]',
    );
    const r = both(text);
    expect(r.fast).toEqual(r.general);
    expect(Array.from(r.fast.ok!.track.time)).toEqual([5]);
    expect(r.fast.ok!.skippedPoints).toBe(3);
    expect(scanPositions(enc(text))).not.toBeNull();
  });

  it('leaves to the general path what it does not know, with the same answer', () => {
    const cases = [
      body('[{"Lat":"50.1","Lng":14,"Time":1}]'), // a number as a string
      body('[{"lat":50.1,"Lng":14,"Time":1}]'), // another casing
      body('[{"Lat":50.1,"Lng":14,"Time":true}]'), // a boolean where a number belongs
      body('[{"Lat":50.1,"Lng":14,"Time":1,"Extra":{"a":[1]}}]'), // an object in a field it does not read
      body('[{"L\\u0061t":50.1,"Lng":14,"Time":1}]'), // an escaped key
      body('[[1,2]]'), // a point that is not an object
      body('{"Lat":1}'), // Positions that is not an array
    ];
    for (const text of cases) {
      const r = both(text);
      expect(scanPositions(enc(text)), text).toBeNull();
      expect(r.fast, text).toEqual(r.general);
    }
  });

  it('keeps the intervals’ order when scanned arrays and general ones alternate', () => {
    const text =
      '{"Track":{"Intervals":[{"From":1,"Till":2,"Positions":[{"Lat":1,"Lng":1,"Time":1},{"Lat":2,"Lng":2,"Time":2}]},' +
      '{"From":2,"Till":3,"positions":[{"Lat":3,"Lng":3,"Time":3}]},' +
      '{"From":3,"Till":4,"Positions":[{"Lat":4,"Lng":4},{"Lat":5,"Lng":5,"Time":5}]}]}}';
    expect(scanPositions(enc(text))!.spans).toHaveLength(2);
    const r = both(text);
    expect(r.fast).toEqual(r.general);
    expect(Array.from(r.fast.ok!.track.time)).toEqual([1, 2, 3, 5]);
    expect(r.fast.ok!.skippedPoints).toBe(1);
    expect(r.fast.ok!.movementIntervals).toBe(3);
  });

  it('accepts a byte-order mark at the start of the body, as the general path does', () => {
    const r = both('\uFEFF' + body('[{"Lat":1,"Lng":2,"Time":3}]'));
    expect(Array.from(r.fast.ok!.track.time)).toEqual([3]);
    expect(r.fast).toEqual(r.general);
  });

  it('gives a Positions key outside the track intervals back to the general path', () => {
    const text = body('[{"Lat":1,"Lng":2,"Time":3}]', ',"Events":[{"Id":1,"Positions":[{"Lat":5,"Lng":6,"Time":7}]}]');
    expect(scanPositions(enc(text))!.spans).toHaveLength(2);
    const r = both(text);
    expect(r.fast).toEqual(r.general);
    expect(r.fast.ok!.events).toEqual([{ Id: 1, Positions: [{ Lat: 5, Lng: 6, Time: 7 }] }]);
    expect(Array.from(r.fast.ok!.track.time)).toEqual([3]);
  });

  it('refuses malformed JSON inside and around the arrays, as JSON.parse does', () => {
    const bad = [
      body('[{"Lat":01,"Lng":2,"Time":3}]'),
      body('[{"Lat":1.,"Lng":2,"Time":3}]'),
      body('[{"Lat":.5,"Lng":2,"Time":3}]'),
      body('[{"Lat":-,"Lng":2,"Time":3}]'),
      body('[{"Lat":1e,"Lng":2,"Time":3}]'),
      body('[{"Lat":1,"Lng":2,"Time":3},]'),
      body('[{"Lat":1,"Lng":2,"Time":3,}]'),
      body('[{"Lat":1 "Lng":2,"Time":3}]'),
      body('[{"Lat":1,"Lng":2,"Time":3,"Note":"tab\tinside"}]'),
      body('[{"Lat":1,"Lng":2,"Time":3,"Note":"\\x"}]'),
      body('[{"Lat":1,"Lng":2,"Time":3}]5'),
      body('[{"Lat":1,"Lng":2,"Time":3}].5'),
      body('[{"Lat":1,"Lng":2,"Time":3}]', ',"Events":[1,]'),
      body('[{"Lat":1,"Lng":2,"Time":3}'),
      body('[{"Lat":1,"Lng":2,"Time":3}]\uFEFF'), // a byte-order mark after an array
    ];
    for (const text of bad) {
      const r = both(text);
      expect(r.general, text).toEqual({ error: true });
      expect(r.fast, text).toEqual({ error: true });
    }
  });

  it('agrees with JSON.parse on random bodies of the service’s shape and near it', () => {
    // A fixed-seed generator: the same bodies every run.
    let seed = 42;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(a: T[]) => a[Math.floor(rnd() * a.length)]!;
    const num = () =>
      pick([
        () => String(Math.round((rnd() - 0.5) * 1e9) / 1e7),
        () => String(Math.floor(rnd() * 2e12)),
        () => (rnd() * 1e3).toExponential(3),
        () => String(rnd()),
        () => '0',
        () => '-0.0',
        () => 'null',
      ])();
    const keys = ['Lat', 'Lng', 'Time', 'Speed', 'heading', 'Alt', 'Sat', 'Hdop'];
    let scannedBodies = 0;
    for (let b = 0; b < 200; b++) {
      const pts: string[] = [];
      for (let p = 0, n = Math.floor(rnd() * 20); p < n; p++) {
        const fields = keys.filter(() => rnd() < 0.85).map((k) => `${pick(['', ' '])}"${k}":${pick(['', ' '])}${num()}`);
        pts.push(`{${fields.join(',')}}`);
      }
      const text = body(`[${pts.join(pick([',', ', ', ',\n']))}]`);
      if (scanPositions(enc(text))) scannedBodies++;
      const r = both(text);
      expect(r.fast, text).toEqual(r.general);
    }
    expect(scannedBodies).toBe(200);
  });
});
