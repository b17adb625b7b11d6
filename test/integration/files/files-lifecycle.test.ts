/**
 * Device files through the core against the simulator over real HTTP: the multipart body the
 * service receives, attach → find → download the same bytes, refusals before upload, an
 * attachment made offline replayed exactly once (and not at all when an earlier try landed),
 * files opening from the cache once seen, and a selection saved as one zip.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AttachResult, FilesFound, SavedFile } from '../../../common/methods/files';
import type { FileBody } from '../../../common/methods/history';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { pngFor } from '../../../simulator/util/png';
import type { Core } from '../../../main/core/app';
import { memorySettings } from '../../../main/core/seams/settings';
import { memoryVault } from '../../../main/core/seams/vault';
import { call, callError, daytimeClock, drainOutbox, makeCore, services, signIn } from '../core/offline-helpers';

const quiet = () => memorySettings({ statusPollMs: 600_000, objectsRefreshMs: 600_000, eventsPollMs: 600_000 });
const MIN = 60_000;

describe('device files', () => {
  let sim: SimulatorHandle;
  let core: Core;
  let objectId = 0;
  const puts = () => sim.writeLog().filter((e) => e.method === 'PUT' && e.path.startsWith('/api/ObjectFiles/'));

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 28, objects: 5, now: daytimeClock() });
    core = makeCore(mkdtempSync(join(tmpdir(), 'fleet-files-')), memoryVault(), quiet());
    await signIn(core, sim.baseUrl);
    objectId = [...sim.sim.world.objects.keys()][0]!;
    // Saved files are named after the object: the list must be in before the tests go offline.
    await vi.waitFor(() => expect(services(core).cache.objects.get(objectId)).toBeDefined(), { timeout: 10_000 });
  }, 60_000);
  afterAll(async () => {
    await core?.close();
    await sim?.close();
  });

  async function offline<T>(f: () => Promise<T>): Promise<T> {
    await sim.stopListening();
    try {
      return await f();
    } finally {
      await sim.startListening();
    }
  }

  it('sends one multipart part with the name and media type, finds it and reads back the same bytes', async () => {
    const bytes = new Uint8Array(pngFor(11));
    const time = Math.floor(sim.sim.now() / 1000) * 1000 - 10 * MIN;
    sim.clearWriteLog();
    const r = await call<AttachResult>(core, 'files/attach', { objectId, time, name: 'dashcam.png', bytes });
    expect(r.state).toBe('sent');
    if (r.state !== 'sent') return;
    expect(puts().map((e) => e.path)).toEqual([`/api/ObjectFiles/${objectId}/${time}`]);
    const stored = sim.sim.store.files.get(r.file.uid)!;
    expect(stored).toMatchObject({ ObjectId: objectId, Time: time, Type: 'image/png', name: 'dashcam.png' });
    expect(new Uint8Array(stored.data)).toEqual(bytes);

    const found = await call<FilesFound>(core, 'files/find', { objectIds: [objectId], from: time - MIN, till: time + MIN });
    expect(found.source).toBe('service');
    expect(found.items.map((f) => f.uid)).toContain(r.file.uid);
    expect(found.items.find((f) => f.uid === r.file.uid)?.size).toBe(bytes.length);
    const body = await call<FileBody>(core, 'files/get', { uid: r.file.uid });
    expect(new Uint8Array(body.bytes)).toEqual(bytes);
  });

  it('refuses, before anything is sent, a file whose bytes are not what its name claims, and one too large', async () => {
    sim.clearWriteLog();
    const png = new Uint8Array(pngFor(12));
    const wrong = await callError(core, 'files/attach', { objectId, time: sim.sim.now(), name: 'photo.jpg', bytes: png });
    expect(wrong.code).toBe('invalid_input');
    expect(wrong.message).toContain('named as a JPEG image but its contents are a PNG image');
    const text = await callError(core, 'files/attach', { objectId, time: sim.sim.now(), name: 'clip.mp4', bytes: new TextEncoder().encode('hello world, not a video') });
    expect(text.message).toContain('not one');
    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(png.subarray(0, 16));
    const large = await callError(core, 'files/attach', { objectId, time: sim.sim.now(), name: 'big.png', bytes: big });
    expect(large.code).toBe('invalid_input');
    expect(large.message).toContain('larger than 20 MB');
    expect(puts()).toEqual([]);
  });

  it('an attachment made offline waits in the outbox and is sent once when the service answers', async () => {
    const bytes = new Uint8Array(pngFor(13));
    const time = Math.floor(sim.sim.now() / 1000) * 1000 - 20 * MIN;
    sim.clearWriteLog();
    const r = await offline(() => call<AttachResult>(core, 'files/attach', { objectId, time, name: 'offline.png', bytes }));
    expect(r.state).toBe('queued');
    const s = services(core);
    expect(s.cache.outbox.pending().map((e) => e.kind)).toEqual(['files/attach']);
    const pushed: unknown[] = [];
    const off = core.bus.subscribe((env) => env.name === 'files/attached' && pushed.push(env.args));
    try {
      await drainOutbox(core);
      await s.outbox.flush();
    } finally {
      off();
    }
    expect(s.cache.outbox.counts()).toEqual({ pending: 0, failed: 0 });
    expect(puts().map((e) => e.path)).toEqual([`/api/ObjectFiles/${objectId}/${time}`]);
    const landed = [...sim.sim.store.files.values()].filter((f) => f.ObjectId === objectId && f.Time === time);
    expect(landed).toHaveLength(1);
    expect(pushed).toEqual([{ objectId, time, uid: landed[0]!.Uid }]);
    // Its bytes opened from the cache: the body is there under the service's uid.
    expect(s.cache.history.fileBody(landed[0]!.Uid)).toBeDefined();
  });

  it('is not sent again when an earlier try already landed (looked up by time and bytes first)', async () => {
    const bytes = new Uint8Array(pngFor(14));
    const time = Math.floor(sim.sim.now() / 1000) * 1000 - 30 * MIN;
    // The service already holds the file (an earlier try landed; its answer never came back).
    // It lands before the console queues it, so no replay can race the landing.
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'lost-answer.png');
    const token = await sim.tokenFor('demo');
    const direct = await fetch(`${sim.baseUrl}/api/ObjectFiles/${objectId}/${time}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(direct.status).toBe(200);
    sim.clearWriteLog();
    const r = await offline(() => call<AttachResult>(core, 'files/attach', { objectId, time, name: 'lost-answer.png', bytes }));
    expect(r.state).toBe('queued');
    await drainOutbox(core);
    expect(services(core).cache.outbox.counts()).toEqual({ pending: 0, failed: 0 });
    expect(puts()).toEqual([]);
    expect([...sim.sim.store.files.values()].filter((f) => f.ObjectId === objectId && f.Time === time)).toHaveLength(1);
  });

  it('the bytes of an attachment discarded from the outbox are dropped when the connection opens again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fleet-files-sweep-'));
    const vault = memoryVault();
    const settings = quiet();
    const first = makeCore(dataDir, vault, settings);
    await signIn(first, sim.baseUrl);
    const held = () => services(first).cache.db.prepare("SELECT count(*) FROM file_bodies WHERE uid LIKE 'outbox-attach:%'").pluck().get();
    // Discarded while the service is still away, so no replay can deliver it first.
    await offline(async () => {
      const r = await call<AttachResult>(first, 'files/attach', { objectId, time: sim.sim.now(), name: 'dropped.png', bytes: new Uint8Array(pngFor(15)) });
      expect(r.state).toBe('queued');
      expect(held()).toBe(1);
      if (r.state === 'queued') services(first).cache.outbox.discard(r.outboxId);
      await first.close();
    });
    const again = makeCore(dataDir, vault, settings);
    await again.start();
    try {
      const s = services(again);
      expect(s.cache.db.prepare("SELECT count(*) FROM file_bodies WHERE uid LIKE 'outbox-attach:%'").pluck().get()).toBe(0);
    } finally {
      await again.close();
    }
  });

  it('files already seen are found and opened from the cache while the service is away', async () => {
    const time = Math.floor(sim.sim.now() / 1000) * 1000 - 10 * MIN;
    const online = await call<FilesFound>(core, 'files/find', { objectIds: [objectId], from: time - 40 * MIN, till: time + MIN });
    const uid = online.items[0]!.uid;
    await call<FileBody>(core, 'files/get', { uid });
    const { found, body } = await offline(async () => ({
      found: await call<FilesFound>(core, 'files/find', { objectIds: [objectId], from: time - 40 * MIN, till: time + MIN }),
      body: await call<FileBody>(core, 'files/get', { uid }),
    }));
    expect(found.source).toBe('cache');
    expect(found.items.map((f) => f.uid).sort()).toEqual(online.items.map((f) => f.uid).sort());
    expect(body.bytes.length).toBeGreaterThan(0);
  }, 60_000);

  it('saves one file under a name with object and time, and a selection as one zip', async () => {
    const time = Math.floor(sim.sim.now() / 1000) * 1000;
    const found = await call<FilesFound>(core, 'files/find', { objectIds: [objectId], from: time - 40 * MIN, till: time });
    expect(found.items.length).toBeGreaterThanOrEqual(3);
    const name = sim.sim.world.objects.get(objectId)!.Name;
    const one = await call<SavedFile>(core, 'files/save', { uid: found.items[0]!.uid });
    const iso = new Date(found.items[0]!.time).toISOString();
    expect(one.fileName).toBe(`${name.replace(/[<>:"/\\|?*]+/g, '_')} ${iso.slice(0, 10)} ${iso.slice(11, 19).replace(/:/g, '-')}Z.png`);
    const uids = found.items.map((f) => f.uid);
    const zipped = await call<SavedFile>(core, 'files/zip', { uids });
    expect(zipped.type).toBe('application/zip');
    const zip = await JSZip.loadAsync(zipped.bytes);
    const entries = Object.keys(zip.files);
    expect(entries).toHaveLength(uids.length);
    for (const [i, uid] of uids.entries()) {
      const b = await call<FileBody>(core, 'files/get', { uid });
      const inZip = await zip.file(entries[i]!)!.async('uint8array');
      expect(inZip).toEqual(new Uint8Array(b.bytes));
    }
  });
});
