import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ignition, objectsOf } from '../../../common/methods/live';
import { startSimulator } from '../../../simulator';
import { openCache, type Cache } from '../../../main/core/cache';
import { createHttp } from '../../../main/core/api/http';
import type { SpoolAs } from '../../../main/core/api/held-body';
import { workerIngestor, type Ingestor } from '../../../main/core/sync/ingest';
import { LiveReads } from '../../../main/core/services/live';
import type { PollBody } from '../../../main/core/sync/poll-body';
import { BACKGROUND_NICE, currentThreadId } from '../../../main/core/workers/thread-priority';
import { WORKER } from '../../support/worker-entry';

type Sim = Awaited<ReturnType<typeof startSimulator>>;

/** Status polls ingested in a real worker thread, writing the real cache file. */
describe('poll ingest in a worker thread', () => {
  let sim: Sim;
  let cache: Cache;
  let ingestor: Ingestor;
  let token: string;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 3, objects: 300 });
    const r = await fetch(`${sim.baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
    token = ((await r.json()) as { AccessToken: string }).AccessToken;
    cache = openCache({ dataDir: mkdtempSync(join(tmpdir(), 'fleet-worker-')), baseUrl: sim.baseUrl, login: 'demo' });
    ingestor = workerIngestor(WORKER, cache.file);
  });
  afterAll(async () => {
    await ingestor?.close();
    cache?.close();
    await sim?.close();
  });

  const statusText = async () => (await fetch(`${sim.baseUrl}/api/ObjectsStatus`, { headers: { authorization: `Bearer ${token}` } })).text();
  const statusBytes = async () =>
    new Uint8Array(await (await fetch(`${sim.baseUrl}/api/ObjectsStatus`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());

  it.skipIf(process.platform !== 'linux')('runs at background priority, and leaves the calling thread as it was', async () => {
    await ingestor.snapshot(); // the worker is up
    const niceOf = (tid: string | number) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    // The worker steps back right after posting its first snapshot.
    const background = () => readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === BACKGROUND_NICE).length;
    await expect.poll(background, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
    expect(niceOf(currentThreadId()!)).toBe(0);
    expect(niceOf(process.pid)).toBe(0);
  });

  it('stores the poll from the worker and returns only changes; the main thread reads them from the file', async () => {
    const body = await statusBytes();
    const size = body.byteLength;
    const first = await ingestor.status(body, Date.now());
    // Handed over, not copied: the bytes now belong to the worker.
    expect(size).toBeGreaterThan(1000);
    expect(body.byteLength).toBe(0);
    expect(first.ids.length).toBeGreaterThan(10);
    const snap = await ingestor.snapshot();
    expect(Array.from(snap.ids)).toEqual(Array.from(first.ids));
    const id = first.ids[0]!;
    expect(cache.status.position(id)).toMatchObject({ ObjectId: id, Lat: first.lat[0], Lng: first.lng[0], Time: first.time[0] });

    // The same body again changes nothing.
    const text = await statusText();
    await ingestor.status(text, Date.now());
    const again = await ingestor.status(text, Date.now());
    expect(again.ids.length).toBe(0);
  });

  it('stores the object list from the worker and reports unchanged lists', async () => {
    const text = await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text();
    const first = await ingestor.objects(text, Date.now());
    expect(first.count).toBeGreaterThan(10);
    await ingestor.written();
    expect(cache.objects.count()).toBe(first.count);
    expect(await ingestor.objects(text, Date.now())).toEqual({ count: first.count, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] });
    expect(first.changedIds).toHaveLength(first.count);
    // The list names each object's ignition sensor: the main thread's picture now reads it.
    expect(first.ignitionChanged).toBe(true);
    const ignition = Array.from((await ingestor.snapshot()).ignition);
    expect(ignition.some((v) => v !== Ignition.unknown)).toBe(true);
  });

  it('answers a new object list before it writes it; the windows are sent that list meanwhile', async () => {
    const list = JSON.parse(await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text()) as { Id: number; Name: string }[];
    list[0]!.Name = 'Renamed before the write';
    const live = new LiveReads(cache, ingestor);
    const stored = () => new TextDecoder().decode(cache.objects.listJson());
    const before = stored();
    // The main side's connection holds the file's write lock: the worker's write waits for it.
    cache.db.prepare('BEGIN IMMEDIATE').run();
    let released = false;
    try {
      const r = await ingestor.objects(JSON.stringify(list), 1234);
      expect(r).toMatchObject({ changed: true, changedIds: [list[0]!.Id] });
      expect(r).not.toHaveProperty('list');
      expect(stored()).toBe(before);
      const sent = live.objects();
      expect(sent.fetchedAt).toBe(1234);
      const names = objectsOf(sent).map((o) => [o.Id, o.Name, (o as { Sensors?: unknown }).Sensors]);
      const byId = (a: unknown[], b: unknown[]) => (a[0] as number) - (b[0] as number);
      expect([...names].sort(byId)).toEqual(list.map((o) => [o.Id, o.Name, undefined]).sort(byId));
      // In name order, numbers in names by their value: the window's own sort of it is one pass.
      const order = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
      expect(names.map((n) => n[1])).toEqual(names.map((n) => n[1] as string).sort((a, b) => order.compare(a, b)));
      released = true;
      cache.db.prepare('COMMIT').run();
    } finally {
      if (!released) cache.db.prepare('ROLLBACK').run();
    }
    await ingestor.written();
    // Written, the file has the same list and the windows are sent it from there.
    expect(ingestor.pendingList()).toBeNull();
    expect(new TextDecoder().decode(live.objects().json)).toBe(stored());
    expect(cache.objects.get(list[0]!.Id)?.Name).toBe('Renamed before the write');
  });

  it('closing waits for a list answered and not yet written: a quit right after it appears keeps it for the next start', async () => {
    const one = JSON.parse(await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text()) as { Id: number; Name: string }[];
    // A fleet large enough that its write takes a while: the simulator's objects again under new ids.
    const big = Array.from({ length: 40 }, (_, copy) => one.map((o) => ({ ...o, Id: o.Id + (copy + 1) * 1_000_000, Name: `${o.Name} #${copy}` }))).flat();
    const dir = mkdtempSync(join(tmpdir(), 'fleet-worker-close-'));
    const own = openCache({ dataDir: dir, baseUrl: sim.baseUrl, login: 'demo' });
    const quitting = workerIngestor(WORKER, own.file);
    try {
      const r = await quitting.objects(JSON.stringify(big), 4321);
      expect(r).toMatchObject({ changed: true, count: big.length });
      await quitting.close();
      expect(own.objects.count()).toBe(big.length);
      expect(own.objects.fetchedAt()).toBe(4321);
    } finally {
      await quitting.close();
      own.close();
    }
  });

  it('answers the positions before it writes them; one object is read after the write', async () => {
    const objects = await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text();
    await ingestor.objects(objects, Date.now());
    const live = new LiveReads(cache, ingestor);
    const status = JSON.parse(await statusText()) as { Positions: { ObjectId: number; Time: number }[] };
    const moved = status.Positions.find((p) => p.Time > 0)!;
    moved.Time += 60_000;
    // The main side's connection holds the file's write lock: the worker's write waits for it.
    cache.db.prepare('BEGIN IMMEDIATE').run();
    let released = false;
    try {
      const changed = await ingestor.status(JSON.stringify(status), Date.now());
      expect(Array.from(changed.ids)).toContain(moved.ObjectId);
      const details = live.details(moved.ObjectId).then((d) => ({ d, released }));
      await new Promise((r) => setTimeout(r, 300));
      released = true;
      cache.db.prepare('COMMIT').run();
      const read = await details;
      expect(read.released).toBe(true);
      expect(read.d.position?.Time).toBe(moved.Time);
    } finally {
      if (!released) cache.db.prepare('ROLLBACK').run();
    }
  });

  it('reads a reduced list as the windows’ list of names without storing it; one that does not parse is refused', async () => {
    const lite = await (await fetch(`${sim.baseUrl}/api/Objects/lite`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
    const sent = (JSON.parse(new TextDecoder().decode(lite)) as { Id: number; Name: string }[]).map((o) => [o.Id, o.Name]);
    const stored = cache.objects.count();
    const names = objectsOf({ json: await ingestor.names(new Uint8Array(lite)), fetchedAt: 1 });
    expect(names.map((o) => [o.Id, o.Name]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(sent.sort((a, b) => Number(a[0]) - Number(b[0])));
    expect(cache.objects.count()).toBe(stored);
    await expect(ingestor.names('[{"Id": 1, "Name": ')).rejects.toThrow(/Objects\/lite/);
  });

  it('joins a body sent in chunks, with a character split between two of them', async () => {
    const text = await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text();
    const list = JSON.parse(text) as { Id: number; Name: string }[];
    list[0]!.Name = 'Газель «Север» 7';
    const bytes = new TextEncoder().encode(JSON.stringify(list));
    const at = bytes.indexOf(0xd0); // the first byte of a two-byte Cyrillic letter
    const chunks = [bytes.slice(0, at + 1), bytes.slice(at + 1, at + 4000), bytes.slice(at + 4000)];
    await ingestor.objects(chunks, Date.now());
    await ingestor.written();
    expect(chunks.every((c) => c.byteLength === 0)).toBe(true);
    expect(cache.objects.get(list[0]!.Id)?.Name).toBe('Газель «Север» 7');
    expect(cache.objects.count()).toBe(list.length);
  });

  it('stores the profile from the worker without its objects; a profile cut short is refused and the stored one kept', async () => {
    const bytes = new Uint8Array(await (await fetch(`${sim.baseUrl}/api/Profile`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const cut = bytes.slice(0, Math.floor(bytes.byteLength / 2));
    const sent = JSON.parse(new TextDecoder().decode(bytes)) as { Objects: unknown[]; Geozones: unknown[] };
    expect(sent.Objects.length).toBeGreaterThan(10);
    await ingestor.profile([bytes], 1000);
    expect(cache.profile.get()).toMatchObject({ fetchedAt: 1000 });
    // The geozones are kept; the objects are the object list's, not stored twice.
    expect(cache.profile.get()?.profile.Geozones).toEqual(sent.Geozones);
    expect(cache.profile.get()?.profile.Objects).toEqual([]);
    await expect(ingestor.profile(cut, 2000)).rejects.toMatchObject({ message: expect.stringContaining('GET /api/Profile') });
    expect(cache.profile.get()).toMatchObject({ fetchedAt: 1000 });
  });

  it('rejects a body that does not parse with a clear error and keeps serving', async () => {
    await expect(ingestor.status('{"Positions": [{"ObjectId": 1, "Lat": "north"}]', Date.now())).rejects.toMatchObject({
      code: 'server_error',
      message: expect.stringContaining('GET /api/ObjectsStatus'),
    });
    const before = cache.status.fetchedAt();
    await ingestor.status(await statusText(), Date.now());
    await ingestor.written();
    expect(cache.status.fetchedAt()).toBeGreaterThan(before ?? 0);
    expect(cache.integrityCheck()).toBe('ok');
  });

  it('stores the feed, then the full list, from the worker; a list that does not parse leaves the stored ones alone', async () => {
    // As the events poll stores them: the feed first, then the list; what both changed.
    const poll = async (feedText: string, allText: string) => {
      const f = await ingestor.events('feed', feedText, Date.now());
      const a = await ingestor.events('all', allText, Date.now());
      expect(f.removed).toEqual([]);
      expect(a.feedIds).toEqual(f.feedIds);
      return { upserted: [...f.upserted, ...a.upserted], removed: a.removed, feedIds: a.feedIds };
    };
    const get = async (path: string) => (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).text();
    // The fleet's own events follow its hours (one in all, one evening): three system events
    // of the demo's objects first, so there are always a few.
    const objects = JSON.parse(await get('/api/Objects')) as { Id: number }[];
    for (let i = 0; i < 3; i++) {
      sim.sim.store.addEvent({ ObjectId: objects[i]!.Id, Time: Date.now() - (i + 1) * 60_000, Type: 0x400, Status: 1, Text: `Connection lost (test ${i + 1})`, ResetTime: 0, NotificationId: 0 });
    }
    const allText = await get('/api/Events');
    const all = JSON.parse(allText) as { Id: number }[];
    // The feed is the same list without the muted groups' events, which the fleet may not
    // have at this hour either: its first event stands for them here.
    const feed = all.slice(1);
    const feedText = JSON.stringify(feed);
    expect(all.length).toBeGreaterThan(feed.length);
    expect(feed.length).toBeGreaterThanOrEqual(2);
    const first = await poll(feedText, allText);
    const stored = new Set(cache.events.unacknowledged().map((s) => s.event.Id));
    const union = new Set([...all, ...feed].map((e) => e.Id));
    expect(stored).toEqual(union);
    expect(cache.meta.get<number[]>('events:feedIds')).toEqual(feed.map((e) => e.Id));
    // The worker says what changed: everything, the first time; nothing for the same lists again.
    expect(new Set(first.upserted.map((e) => e.Id))).toEqual(union);
    expect(first.removed).toEqual([]);
    expect(first.feedIds).toEqual(feed.map((e) => e.Id));
    const again = await poll(feedText, allText);
    expect(again).toEqual({ upserted: [], removed: [], feedIds: feed.map((e) => e.Id) });
    // One event gone (acknowledged elsewhere), one changed.
    const [gone, edited] = all.slice(0, 2) as [{ Id: number }, { Id: number; Text?: string }];
    const changedAll = (JSON.parse(allText) as { Id: number; Text?: string }[])
      .filter((e) => e.Id !== gone.Id)
      .map((e) => (e.Id === edited.Id ? { ...e, Text: 'edited' } : e));
    const changedFeed = (JSON.parse(feedText) as { Id: number; Text?: string }[])
      .filter((e) => e.Id !== gone.Id)
      .map((e) => (e.Id === edited.Id ? { ...e, Text: 'edited' } : e));
    const third = await poll(JSON.stringify(changedFeed), JSON.stringify(changedAll));
    expect(third.removed).toEqual([gone.Id]);
    expect(third.upserted).toEqual([expect.objectContaining({ Id: edited.Id, Text: 'edited' })]);
    const back = await poll(feedText, allText);
    expect(back.removed).toEqual([]);
    expect(new Set(back.upserted.map((e) => e.Id))).toEqual(new Set([gone.Id, edited.Id]));

    await expect(ingestor.events('feed', '<html>502 Bad Gateway</html>', Date.now())).rejects.toMatchObject({
      message: expect.stringContaining('GET /api/Events/feed'),
    });
    await expect(ingestor.events('all', '<html>502 Bad Gateway</html>', Date.now())).rejects.toMatchObject({
      message: expect.stringContaining('GET /api/Events'),
    });
    expect(new Set(cache.events.unacknowledged().map((s) => s.event.Id))).toEqual(union);
    expect(cache.meta.get<number[]>('events:feedIds')).toEqual(feed.map((e) => e.Id));
  });

  describe('poll bodies fetched and kept by the worker', () => {
    const pollHttp = (getToken: () => Promise<string | null>, onUnauthorized?: () => Promise<boolean>, baseUrl = sim.baseUrl) =>
      createHttp({ baseUrl, getToken, ...(onUnauthorized ? { onUnauthorized } : {}), retries: 0, fetchImpl: ingestor.fetch! });
    const raw = (h: ReturnType<typeof pollHttp>, path: string, signal?: AbortSignal) =>
      h.request<PollBody>({ method: 'GET', path, endpoint: `GET ${path}`, responseType: 'raw', parse: (b) => b as PollBody, ...(signal ? { signal } : {}) });
    afterAll(() => sim.clearFaults());

    it('answers a handle, not bytes; the ingestor stores the body it names, once', async () => {
      expect(ingestor.fetch).toBeTypeOf('function');
      const http = pollHttp(async () => token);
      const body = await raw(http, '/api/ObjectsStatus');
      expect(body).toEqual({ held: expect.any(Number), bytes: expect.any(Number), worker: expect.any(Number) });
      const direct = JSON.parse(await statusText()) as { Positions?: unknown[] } | unknown[];
      await ingestor.status(body, 5_000_000);
      await ingestor.written();
      expect(cache.status.fetchedAt()).toBe(5_000_000);
      const stored = (await ingestor.snapshot()).ids.length;
      expect(stored).toBe(Array.isArray(direct) ? direct.length : (direct.Positions ?? []).length);
      // A handle is good for one ingest: the worker gave the body up.
      await expect(ingestor.status(body, Date.now())).rejects.toMatchObject({ code: 'server_error', message: expect.stringContaining('fetched again next time') });
    });

    it('puts the object list, the profile and the status down beside the cache as they arrive; the ingestor reads them from there and removes them', async () => {
      const http = pollHttp(async () => token);
      const spooled = (path: string) => h(http, path);
      const h = (c: ReturnType<typeof pollHttp>, path: string, spool: SpoolAs = { sha256: true }) =>
        c.request<PollBody>({ method: 'GET', path, endpoint: `GET ${path}`, responseType: 'raw', parse: (b) => b as PollBody, spool });
      const incoming = () => readdirSync(dirname(cache.file)).filter((f) => f.startsWith(`${basename(cache.file)}.incoming-`));
      const direct = JSON.parse(await (await fetch(`${sim.baseUrl}/api/Objects`, { headers: { authorization: `Bearer ${token}` } })).text()) as { Id: number }[];

      const list = await spooled('/api/Objects');
      expect(list).toEqual({ held: expect.any(Number), bytes: expect.any(Number), worker: expect.any(Number) });
      expect(incoming()).toHaveLength(1);
      await ingestor.objects(list, 6_000_000);
      await ingestor.written();
      expect(cache.objects.list().map((o) => o.Id)).toEqual(direct.map((o) => o.Id));
      expect(cache.objects.fetchedAt()).toBe(6_000_000);
      expect(incoming()).toEqual([]);
      // The same list again: known by the hash taken as it was spooled, nothing changed.
      expect(await ingestor.objects(await spooled('/api/Objects'), 6_000_002)).toMatchObject({ changed: false, changedIds: [] });
      expect(cache.objects.fetchedAt()).toBe(6_000_002);
      expect(incoming()).toEqual([]);

      await ingestor.profile(await spooled('/api/Profile'), 6_000_001);
      expect(cache.profile.get()?.profile.Geozones?.length).toBeGreaterThan(0);
      expect(incoming()).toEqual([]);

      // The status, with where its arrays lie noted as it arrived: read from its file, which then goes.
      const positions = ((JSON.parse(await statusText()) as { Positions: unknown[] }).Positions ?? []).length;
      const status = await h(http, '/api/ObjectsStatus', { members: true });
      expect(incoming()).toHaveLength(1);
      await ingestor.status(status, 6_000_003);
      await ingestor.written();
      expect(cache.status.fetchedAt()).toBe(6_000_003);
      expect((await ingestor.snapshot()).ids).toHaveLength(positions);
      expect(incoming()).toEqual([]);

      // Cut short on the wire: a failed fetch, and no file left behind.
      sim.setFaults({ truncateRate: 1, pathPattern: '^/api/Objects$' });
      await expect(spooled('/api/Objects')).rejects.toMatchObject({ code: 'offline' });
      sim.clearFaults();
      expect(incoming()).toEqual([]);
    });

    it('carries the event lists to the ingestor as handles', async () => {
      const http = pollHttp(async () => token);
      const [feed, all] = await Promise.all([raw(http, '/api/Events/feed'), raw(http, '/api/Events')]);
      expect([feed, all]).toEqual([{ held: expect.any(Number), bytes: expect.any(Number), worker: expect.any(Number) }, { held: expect.any(Number), bytes: expect.any(Number), worker: expect.any(Number) }]);
      await ingestor.events('feed', feed, Date.now());
      const got = await ingestor.events('all', all, Date.now());
      const feedIds = ((await (await fetch(`${sim.baseUrl}/api/Events/feed`, { headers: { authorization: `Bearer ${token}` } })).json()) as { Id: number }[]).map(
        (e) => e.Id,
      );
      expect(got.feedIds).toEqual(feedIds);
    });

    it('keeps the client\'s policy: a 401 signs in again and retries; an error status is read from its body', async () => {
      let current = 'expired';
      let signIns = 0;
      const http = pollHttp(
        async () => current,
        async () => {
          signIns++;
          current = token;
          return true;
        },
      );
      expect(await raw(http, '/api/ObjectsStatus')).toEqual({ held: expect.any(Number), bytes: expect.any(Number), worker: expect.any(Number) });
      expect(signIns).toBe(1);
      await expect(raw(http, '/api/Objects/999999999')).rejects.toMatchObject({ code: 'not_found', status: 404 });
    });

    it('says "connection refused" (offline, never sent) when nothing listens, and honours a cancel', async () => {
      const closed = await startSimulator({ port: 0, seed: 1, objects: 1 });
      const deadUrl = closed.baseUrl;
      await closed.close();
      await expect(raw(pollHttp(async () => token, undefined, deadUrl), '/api/ObjectsStatus')).rejects.toMatchObject({
        code: 'offline',
        message: expect.stringContaining('connection refused'),
      });
      sim.setFaults({ latencyMs: 2_000, pathPattern: 'ObjectsStatus' });
      const ctl = new AbortController();
      const pending = raw(pollHttp(async () => token), '/api/ObjectsStatus', ctl.signal);
      setTimeout(() => ctl.abort(new Error('left the screen')), 50);
      await expect(pending).rejects.toThrow('left the screen');
      sim.clearFaults();
    });

    it('fails a body that breaks off mid-way like fetch does: a network error, nothing held or stored', async () => {
      sim.setFaults({ truncateRate: 1, pathPattern: 'ObjectsStatus' });
      const before = cache.status.fetchedAt();
      await expect(raw(pollHttp(async () => token), '/api/ObjectsStatus')).rejects.toMatchObject({ code: 'offline', message: expect.stringContaining('GET /api/ObjectsStatus') });
      sim.clearFaults();
      expect(cache.status.fetchedAt()).toBe(before);
    });
  });
});
