import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BLOCK_BYTES } from '../../../main/core/api/json-blocks';
import { scanJson, type ArraySpans } from '../../../main/core/api/json-spans';
import type { SpooledBody } from '../../../main/core/workers/fetch';
import { profileOf, stageStatus } from '../../../main/core/sync/ingest-bodies';
import { listHash, rowsOf, stageObjects } from '../../../main/core/sync/ingest-list';
import type { PollBody } from '../../../main/core/sync/poll-body';
import { chunked, spooledStatus, useTempCaches } from './helpers';

/**
 * The ingest worker reads a body that arrives as bytes a batch at a time (json-spans.ts) and
 * a body given as text whole: the same body must store the same rows and fail with the same
 * words either way. Each pair below runs both paths on two real cache files.
 */
const t = useTempCaches();
const utf8 = (text: string) => new TextEncoder().encode(text);

function statusBody(n: number, over: (i: number) => Record<string, unknown> = () => ({})) {
  return JSON.stringify({
    Positions: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Online: true, Lat: 50 + i / 1e4, Lng: 14, Time: 1718000000000 + i, Speed: i % 90, ...over(i) })),
    SensorValues: Array.from({ length: 3 * n }, (_, i) => ({ SensorId: i + 1, Time: 1718000000000, Value: i % 2 })),
    DriverKeys: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Time: 1718000000000, UId: `K${i}` })),
    Stats: Array.from({ length: n }, (_, i) => ({ ObjectId: i + 1, Day: 1717977600000, Length: i / 10 })),
  });
}

function objectsBody(n: number, over: (i: number) => Record<string, unknown> = () => ({})) {
  return JSON.stringify(
    Array.from({ length: n }, (_, i) => ({
      Id: i + 1,
      Name: `Dodávka ${i + 1} — Plzeň 🚚`,
      StateNumber: `P${i}`,
      GroupIds: [1],
      Sensors: [{ Id: (i + 1) * 10, Name: 'Ignition', Source: 'din1', DataType: 1, OnText: 'On', OffText: 'Off' }],
      ...over(i),
    })),
  );
}

function both<T>(run: (cache: ReturnType<typeof t.open>, body: PollBody) => T, text: string): { whole: T; batched: T; caches: ReturnType<typeof t.open>[] } {
  const a = t.open({ dataDir: t.tempDir() });
  const b = t.open({ dataDir: t.tempDir() });
  return { whole: run(a, text), batched: run(b, chunked(text)), caches: [a, b] };
}

const failure = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return 'no error';
};

describe('a big body read in batches stores what it stores read whole', () => {
  it('status: the same changes and rows, over several batches, in the documented and the legacy shape', () => {
    const legacy = readFileSync(join(__dirname, '../../unit/api/fixtures/status-legacy.json'), 'utf8');
    for (const body of [statusBody(900), legacy]) {
      const stage = (c: ReturnType<typeof t.open>, b: PollBody) => {
        const staged = stageStatus(c, b, 1000);
        staged.write();
        return staged.changes;
      };
      const { whole, batched, caches } = both(stage, body);
      expect(batched).toEqual(whole);
      expect(caches[1]!.status.snapshot()).toEqual(caches[0]!.status.snapshot());
      expect(caches[1]!.status.dailyStats()).toEqual(caches[0]!.status.dailyStats());
    }
    expect(both((c, b) => stageStatus(c, b, 1000).read, statusBody(900))).toMatchObject({ whole: 'whole', batched: 'in batches' });
  });

  it('status: a bad element past the first batch fails with the whole body’s words and element number', () => {
    const body = statusBody(900, (i) => (i === 700 ? { Lat: 'north' } : {}));
    const { whole, batched } = both((c, b) => failure(() => stageStatus(c, b, 1000)), body);
    expect(whole).toMatch(/700/);
    expect(batched).toBe(whole);
  });

  it('status: a body JSON.parse refuses is repaired as before', () => {
    // A trailing comma after the last position: the tolerant path repairs it.
    const body = statusBody(300).replace(/\}\],"SensorValues"/, '},],"SensorValues"');
    const { whole, batched } = both((c, b) => stageStatus(c, b, 1000), body);
    expect(whole.changes.positions.ids).toHaveLength(300);
    expect(batched.changes).toEqual(whole.changes);
    expect(batched.read).toBe('whole');
  });

  it('objects: the same result, list and stored objects; a bad element fails as the whole list does', () => {
    const body = objectsBody(700);
    const stage = (c: ReturnType<typeof t.open>, b: PollBody) => {
      const staged = stageObjects(c, b, 1000);
      staged.write?.();
      return { result: staged.result, list: staged.list, stored: c.objects.list(), ignition: [...c.objects.ignitionSensors()], read: staged.read };
    };
    const { whole, batched } = both(stage, body);
    expect({ ...batched, read: whole.read }).toEqual(whole);
    expect([whole.read, batched.read]).toEqual(['whole', 'in batches']);
    expect(whole.stored).toHaveLength(700);
    expect(whole.stored[699]!.Name).toBe('Dodávka 700 — Plzeň 🚚');

    const bad = objectsBody(700, (i) => (i === 600 ? { Id: 'six hundred' } : {}));
    const failed = both((c, b) => failure(() => stageObjects(c, b, 1000)), bad);
    expect(failed.whole).toMatch(/600/);
    expect(failed.batched).toBe(failed.whole);
  });

  it('profile: every member but the objects, which the store does not keep, skipped unread', () => {
    const profile = (objects: string) => `{"Objects":${objects},"Geozones":[{"Id":4,"Name":"Depot — Plzeň"}],"ObjectIcons":[{"Id":1}],"ServerTime":1718000000000,"Extra":{"a":[1,2]}}`;
    const good = profile(objectsBody(300));
    const whole = profileOf(good);
    const batched = profileOf(chunked(good));
    expect([whole.read, batched.read]).toEqual(['whole', 'in batches']);
    expect(batched.profile).toEqual({ ...whole.profile, Objects: [] });
    // An object the schema refuses no longer refuses the profile: its objects are not read.
    expect(profileOf(chunked(profile('[{"Id":"one"}]'))).profile.Geozones).toEqual([{ Id: 4, Name: 'Depot — Plzeň' }]);
    // A profile without an objects array is read whole, as before.
    expect(profileOf(chunked('{"Geozones":[],"ObjectIcons":[],"ServerTime":1,"Objects":null}')).read).toBe('whole');
  });
});

describe('a list read from bytes keeps each object’s bytes, not a copy (decision 0057)', () => {
  const spans = (bytes: Uint8Array) => (scanJson(bytes) as { elements: ArraySpans }).elements;
  /** The list as the normaliser would write it back: compact, in the schema's spelling. */
  const compact = (n: number) => {
    const c = t.open({ dataDir: t.tempDir() });
    stageObjects(c, objectsBody(n), 1000).write?.();
    return JSON.stringify(c.objects.list());
  };
  const textRows = (c: ReturnType<typeof t.open>) => c.db.prepare("SELECT count(*) FROM objects WHERE typeof(json) = 'text' AND typeof(summary) = 'text'").pluck().get();

  it('holds views of the body where its elements are the text stored, and stores the same text as the whole read', () => {
    const body = compact(700);
    const bytes = utf8(body);
    const rows = rowsOf(bytes, spans(bytes));
    expect(rows).toHaveLength(700);
    expect(rows.every((r) => r.json instanceof Uint8Array && r.json.buffer === bytes.buffer)).toBe(true);
    expect(new TextDecoder().decode(rows[699]!.json as Uint8Array)).toContain('Dodávka 700 — Plzeň 🚚');

    const { whole, batched, caches } = both((c, b) => {
      const staged = stageObjects(c, b, 1000);
      staged.write?.();
      return { result: staged.result, list: staged.list, stored: c.objects.list() };
    }, body);
    expect(batched).toEqual(whole);
    // Stored as text, as a string is: readers get strings, and a later diff compares either way.
    expect(caches.map(textRows)).toEqual([700, 700]);
    expect(caches[1]!.objects.summariesOf([700])).toEqual([expect.objectContaining({ Id: 700, Name: 'Dodávka 700 — Plzeň 🚚' })]);
  });

  it('holds every row as a string when one element is spelled otherwise, so the body can go', () => {
    const body = compact(700);
    // Element 600 with spaces: the same object, other bytes.
    const elements = JSON.parse(body) as unknown[];
    const spaced = `[${elements.map((e, i) => JSON.stringify(e, null, i === 600 ? 1 : undefined)).join(',')}]`;
    const bytes = utf8(spaced);
    const rows = rowsOf(bytes, spans(bytes));
    expect(rows.map((r) => typeof r.json)).toEqual(Array(700).fill('string'));
    expect(rows.map((r) => r.json)).toEqual(elements.map((e) => JSON.stringify(e)));
  });

  it('diffs a list of views against rows stored from strings and the other way round', () => {
    const body = compact(300);
    const renamed = body.replace('"Dodávka 7 ', '"Renamed 7 ').replace('"Dodávka 250 ', '"Renamed 250 ');
    for (const [first, then] of [
      [body, chunked(renamed)],
      [chunked(body), renamed],
    ] as const) {
      const c = t.open({ dataDir: t.tempDir() });
      stageObjects(c, first, 1000).write?.();
      const staged = stageObjects(c, then, 2000);
      expect(staged.result).toMatchObject({ changed: true, changedIds: [7, 250], removedIds: [] });
      staged.write?.();
      expect(c.objects.get(250)!.Name).toBe('Renamed 250 — Plzeň 🚚');
      expect(textRows(c)).toBe(300);
    }
  });
});

describe('a list poll with the stored list’s bytes', () => {
  it('is not decoded; other bytes of the same list are, and change nothing', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const body = objectsBody(500);
    const first = stageObjects(c, chunked(body), 1000);
    first.write?.();
    expect(first.result.changed).toBe(true);
    const again = stageObjects(c, chunked(body), 2000);
    expect(again).toEqual({ result: { count: 500, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] }, read: 'same bytes' });
    expect(c.objects.fetchedAt()).toBe(2000);
    // The same list spelled out with other whitespace: read, compared, the same.
    const pretty = JSON.stringify(JSON.parse(body), null, 1);
    expect(stageObjects(c, chunked(pretty), 3000)).toMatchObject({ result: { changed: false }, read: 'in batches' });
    expect(stageObjects(c, chunked(pretty), 4000).read).toBe('same bytes');
    // A renamed object is a change, whatever the bytes before it.
    const renamed = stageObjects(c, chunked(body.replace('"Dodávka 7 ', '"Renamed 7 ')), 5000);
    expect(renamed.result).toMatchObject({ changed: true, changedIds: [7] });
  });

  it('reads a list stored before the body’s hash was kept, and keeps it from then on', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const body = objectsBody(50);
    stageObjects(c, body, 1000).write?.();
    // As an older version left it: the list's hash alone.
    c.meta.set('objects:hash', listHash(c.objects.list().map((o) => JSON.stringify(o))));
    expect(stageObjects(c, chunked(body), 2000)).toMatchObject({ result: { changed: false }, read: 'in batches' });
    expect(stageObjects(c, chunked(body), 3000).read).toBe('same bytes');
  });
});


describe('a list or profile spooled to a file is read a block at a time, never whole (decision 0060)', () => {
  const spool = (text: string): SpooledBody => {
    const file = join(t.tempDir(), 'body.json');
    writeFileSync(file, text);
    // As the fetch spools it: its hash taken as it is written (workers/fetch.ts).
    return { spooled: file, bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('base64') };
  };
  const stage = (c: ReturnType<typeof t.open>, b: PollBody, at = 1000) => {
    const staged = stageObjects(c, b, at);
    staged.write?.();
    return { result: staged.result, list: staged.list, stored: c.objects.list(), ignition: [...c.objects.ignitionSensors()], read: staged.read };
  };

  it('stores what the whole read stores, over several blocks, repeated ids and all; a bad element fails with the same words', () => {
    // Over 4 MB: several blocks of the reader. Object 5 is repeated near the end, renamed: the last one wins.
    const notes = { Notes: 'n'.repeat(400) };
    const list = JSON.parse(objectsBody(16_000, () => notes)) as { Id: number; Name: string }[];
    list.splice(15_000, 0, { ...list[4]!, Name: 'Repeated 5' });
    const body = JSON.stringify(list);
    expect(Buffer.byteLength(body)).toBeGreaterThan(2 * BLOCK_BYTES);
    const a = t.open({ dataDir: t.tempDir() });
    const b = t.open({ dataDir: t.tempDir() });
    const whole = stage(a, body);
    const spooled = stage(b, spool(body));
    expect(spooled.read).toBe('in batches');
    expect({ ...spooled, read: 'whole' }).toEqual(whole);
    expect(spooled.stored).toHaveLength(16_000);
    expect(spooled.stored.find((o) => o.Id === 5)?.Name).toBe('Repeated 5');
    expect(spooled.result.changedIds).toHaveLength(16_000);
    // The scratch file is gone once the list is stored.
    expect(existsSync(`${b.file}-next`)).toBe(false);

    // Then a list with one renamed and one removed: the same diff either way.
    const next = list.filter((o) => o.Id !== 9_000).map((o) => (o.Id === 12_345 ? { ...o, Name: 'Renamed' } : o));
    const again = [stage(a, JSON.stringify(next), 2000), stage(b, spool(JSON.stringify(next)), 2000)];
    expect(again.map((s) => s.result)).toEqual([
      { count: 16_000, changed: true, ignitionChanged: true, changedIds: [5, 12_345], removedIds: [9_000] },
      { count: 16_000, changed: true, ignitionChanged: true, changedIds: [5, 12_345], removedIds: [9_000] },
    ]);

    const bad = objectsBody(16_000, (i) => (i === 15_500 ? { ...notes, Id: 'fifteen thousand' } : notes));
    const failed = [failure(() => stageObjects(t.open({ dataDir: t.tempDir() }), bad, 1000)), failure(() => stageObjects(b, spool(bad), 3000))];
    expect(failed[0]).toMatch(/15500/);
    expect(failed[1]).toBe(failed[0]);
    // The stored list is as it was, and nothing is left staged.
    expect(b.objects.count()).toBe(15_999);
    expect(existsSync(`${b.file}-next`)).toBe(false);
  });

  it('a body that is not a plain array is read whole from its file, as before', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const enveloped = `{"Data":${objectsBody(20)}}`;
    expect(stage(c, spool(enveloped))).toMatchObject({ read: 'whole', result: { count: 20, changed: true } });
  });

  it('profile: every member but the objects, which are skipped as the file is read', () => {
    const body = `{"Objects":${objectsBody(16_000)},"Geozones":[{"Id":4,"Name":"Depot — Plzeň"}],"ServerTime":1718000000000}`;
    const whole = profileOf(body);
    const spooled = profileOf(spool(body));
    expect(spooled.read).toBe('in batches');
    expect(spooled.profile).toEqual({ ...whole.profile, Objects: [] });
    // No objects array to skip: read whole, as before.
    expect(profileOf(spool('{"Geozones":[],"ObjectIcons":[],"ServerTime":1,"Objects":null}')).read).toBe('whole');
  });
});

describe('a status spooled to a file is read an array at a time from it, never whole (decision 0065)', () => {
  const spool = (text: string) => spooledStatus(t.tempDir(), text);
  const stage = (c: ReturnType<typeof t.open>, b: PollBody) => {
    const staged = stageStatus(c, b, 1000);
    staged.write();
    return { changes: staged.changes, read: staged.read, snapshot: c.status.snapshot(), stats: c.status.dailyStats() };
  };

  it('stores what the whole read stores, over several blocks, in any order of the arrays; a bad element fails with the same words', () => {
    // Over 4 MB of positions: several blocks. The arrays in another order than the stage reads them in.
    const parsed = JSON.parse(statusBody(30_000, () => ({ Address: 'a'.repeat(100) }))) as Record<string, unknown>;
    const body = JSON.stringify({ Stats: parsed.Stats, DriverKeys: parsed.DriverKeys, ServerTime: 1, Positions: parsed.Positions, SensorValues: parsed.SensorValues });
    expect(Buffer.byteLength(body)).toBeGreaterThan(BLOCK_BYTES);
    const whole = stage(t.open({ dataDir: t.tempDir() }), body);
    const spooled = stage(t.open({ dataDir: t.tempDir() }), spool(body));
    expect(spooled.read).toBe('in batches');
    expect({ ...spooled, read: 'whole' }).toEqual(whole);
    expect(whole.changes.positions.ids).toHaveLength(30_000);

    const bad = statusBody(900, (i) => (i === 700 ? { Lat: 'north' } : {}));
    const failed = [failure(() => stageStatus(t.open({ dataDir: t.tempDir() }), bad, 1000)), failure(() => stageStatus(t.open({ dataDir: t.tempDir() }), spool(bad), 1000))];
    expect(failed[0]).toMatch(/700/);
    expect(failed[1]).toBe(failed[0]);
  });

  it('reads the legacy shape from its file; a body to repair, or one with nothing noted, is read from it whole, as before', () => {
    const legacy = readFileSync(join(__dirname, '../../unit/api/fixtures/status-legacy.json'), 'utf8');
    // A trailing comma after the last position: the tolerant path repairs it.
    const trailing = statusBody(300).replace(/\}\],"SensorValues"/, '},],"SensorValues"');
    // The legacy shape's arrays are read from the file too; the repaired body is read whole.
    for (const [body, read] of [[legacy, 'in batches'], [trailing, 'whole']] as const) {
      const whole = stage(t.open({ dataDir: t.tempDir() }), body);
      expect(stage(t.open({ dataDir: t.tempDir() }), spool(body))).toEqual({ ...whole, read });
    }
    // Nothing noted: the file is read into memory and its batches read from there, as a body never spooled.
    const { tops: _, ...unnoted } = spool(statusBody(50));
    expect(stage(t.open({ dataDir: t.tempDir() }), unnoted)).toEqual(stage(t.open({ dataDir: t.tempDir() }), chunked(statusBody(50))));
  });
});

describe('a status answers its positions before its keys and stats are read (decision 0078)', () => {
  const spool = (text: string) => spooledStatus(t.tempDir(), text);
  const withStat = (n: number, at: number, change: (stat: Record<string, unknown>) => void) => {
    const b = JSON.parse(statusBody(n)) as { Stats: Record<string, unknown>[] };
    change(b.Stats[at]!);
    return JSON.stringify(b);
  };

  it('reads the keys and stats in the write’s first step, the body given up after it, and stores what the whole read stores', () => {
    const body = statusBody(900);
    const c = t.open({ dataDir: t.tempDir() });
    let released = 0;
    const parse = vi.spyOn(JSON, 'parse');
    // One turn long enough for the whole rest (decision 0083).
    const staged = stageStatus(c, spool(body), 1000, () => released++, Infinity);
    const parsedBeforeWrite = parse.mock.calls.map(([s]) => String(s));
    parse.mockRestore();
    expect(staged.changes.positions.ids).toHaveLength(900);
    expect(staged.changes.positions.ignition).toHaveLength(900);
    // Neither a key nor a stat was decoded to answer, and the body is still there to read them.
    const decoded = (bytes: string) => parsedBeforeWrite.some((s) => s.includes(bytes));
    expect([decoded('"Lat":50'), decoded('"UId":"K'), decoded('"Day":1717977600000'), released]).toEqual([true, false, false, 0]);
    expect(staged.step()).toBe(true);
    expect([staged.changes.driverKeys.length, staged.changes.stats.json.length, released]).toEqual([900, 900, 1]);
    staged.write();

    const whole = t.open({ dataDir: t.tempDir() });
    stageStatus(whole, body, 1000).write();
    expect([c.status.snapshot(), c.status.dailyStats(), c.status.allDriverKeys(), c.status.fetchedAt()]).toEqual([whole.status.snapshot(), whole.status.dailyStats(), whole.status.allDriverKeys(), 1000]);
  });

  it('reads the rest a turn per step where turns are short, and gives the body up after the last (decision 0083)', () => {
    const body = statusBody(900);
    const c = t.open({ dataDir: t.tempDir() });
    let released = 0;
    const staged = stageStatus(c, spool(body), 1000, () => released++, 0);
    const turns: number[] = [];
    while (!released) {
      expect(staged.step()).toBe(true);
      turns.push(staged.changes.stats.json.length);
    }
    // A turn per batch of readings and of stats (256 elements a batch), the stats given in the last.
    expect(turns.length).toBeGreaterThan(4);
    expect([turns.at(-2), turns.at(-1)]).toEqual([0, 900]);
    while (staged.step());
    const whole = t.open({ dataDir: t.tempDir() });
    stageStatus(whole, body, 1000).write();
    expect([c.status.snapshot(), c.status.dailyStats(), c.status.allDriverKeys(), c.status.sensorValuesOf().length]).toEqual([whole.status.snapshot(), whole.status.dailyStats(), whole.status.allDriverKeys(), 2700]);
  });

  it('stores the positions and readings of a body whose stats neither read can take, and says what was not stored', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let released = 0;
    const staged = stageStatus(c, spool(withStat(900, 700, (s) => (s.Length = 'far'))), 1000, () => released++);
    expect(staged.changes.positions.ids).toHaveLength(900);
    staged.write();
    const said = warn.mock.calls.map((a) => a.join(' ')).join('\n');
    warn.mockRestore();
    expect(said).toMatch(/only part of it was stored \(the positions, and what was read before this\): .*Stats\[700\]\.Length/);
    expect([c.status.snapshot().ids.length, c.status.sensorValuesOf().length, c.status.dailyStats(), c.status.fetchedAt(), released]).toEqual([900, 2700, [], 1000, 1]);
    // The next poll is compared with the file: what it stored is not answered again.
    const next = stageStatus(c, spool(statusBody(900)), 2000);
    expect(next.changes.positions.ids).toHaveLength(0);
    next.write();
    expect(c.status.dailyStats()).toHaveLength(900);
  });

  it('stores a body whose stats the batches refuse and the whole read repairs as the whole read stores it', () => {
    // A trailing comma after the last stat: JSON.parse refuses the batch, the whole read repairs it.
    const body = statusBody(300).replace(/\}\]\}$/, '},]}');
    expect(body.endsWith('},]}')).toBe(true);
    const c = t.open({ dataDir: t.tempDir() });
    const staged = stageStatus(c, spool(body), 1000);
    expect(staged.read).toBe('in batches');
    staged.write();
    const whole = t.open({ dataDir: t.tempDir() });
    stageStatus(whole, body, 1000).write();
    expect([c.status.snapshot(), c.status.dailyStats()]).toEqual([whole.status.snapshot(), whole.status.dailyStats()]);
    expect(c.status.dailyStats()).toHaveLength(300);
  });
});
