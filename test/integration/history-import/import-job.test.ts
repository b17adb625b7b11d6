/**
 * History import against the simulator over HTTP: a GPX with bad rows checked, cut into
 * parts, each queued and followed to Completed; a failed part retried; a job paused by a
 * closing process and resumed by a new one from the journal; the points read back from
 * the service's history; the cached history of the interval dropped; bad input failed.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { Journal, JobsService, type JobTarget } from '../../../main/core/jobs';
import { connect } from '../../../main/core/jobs/connect';
import { openCache, type Cache } from '../../../main/core/cache';
import { trackColumnsFromPoints } from '../../../main/core/cache/track-columns';
import { HistoryImports } from '../../../main/core/history-import/service';

const HOUR = 3_600_000;
const T0 = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;
const OBJ = 3;
const FAST = { probeMs: 100, backoffBaseMs: 20, backoffMaxMs: 100 };

/** 120 good points 30 s apart heading north, plus a duplicate, an out-of-range and a 2,000 km/h row. */
function gpx(): string {
  const pt = (i: number, lat: number, t = T0 + i * 30_000) => `<trkpt lat="${lat}" lon="24.1"><time>${new Date(t).toISOString()}</time></trkpt>`;
  const rows: string[] = [];
  for (let i = 0; i < 120; i++) {
    rows.push(pt(i, 56.9 + i * 0.001));
    if (i === 10) rows.push(pt(i, 56.9 + i * 0.001));
    if (i === 20) rows.push(pt(i + 0.5, 95));
    if (i === 30) rows.push(pt(i + 0.5, 60));
  }
  return `<?xml version="1.0"?><gpx version="1.1"><trk><name>import test</name><trkseg>${rows.join('\n')}</trkseg></trk></gpx>`;
}

async function until(what: string, ok: () => boolean | Promise<boolean>, tries = 300): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never: ${what}`);
}

describe('history import job', () => {
  let sim: SimulatorHandle;
  let dir: string;
  let target: JobTarget;
  let cache: Cache;
  const posts = () => sim.writeLog().filter((w) => w.path === '/api/ObjectHistoryImport/import').length;
  const open = () => {
    const journal = Journal.inDataDir(dir);
    const jobs = new JobsService({ journal, target: () => target, runner: FAST, concurrency: () => 1 });
    return { journal, jobs, imports: new HistoryImports({ jobs, journal, cache: () => cache }) };
  };

  beforeAll(async () => {
    const start = Date.now();
    // The simulator's clock runs 10× faster, so each part's 3 s of queue and work pass in 0.3 s.
    sim = await startSimulator({ port: 0, seed: 5, objects: 6, now: () => start + (Date.now() - start) * 10 });
    dir = mkdtempSync(join(tmpdir(), 'fleet-himport-'));
    target = await connect({ server: sim.baseUrl, login: 'admin', password: 'admin' });
    cache = openCache({ dataDir: dir, baseUrl: sim.baseUrl, login: 'admin' });
  }, 60_000);
  afterAll(async () => {
    cache?.close();
    await sim?.close();
  });

  async function historyPoints(from: number, till: number): Promise<Array<{ Time: number; Lat: number }>> {
    const token = await sim.tokenFor('admin');
    const r = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ObjectId: OBJ, From: from, Till: till }) });
    const body = (await r.json()) as { Track: { Intervals: Array<{ Positions?: Array<{ Time: number; Lat: number }> }> } };
    return body.Track.Intervals.flatMap((iv) => iv.Positions ?? []);
  }

  it('sends the checked points in parts, retries a failed part, resumes after a restart, and History then holds the track', async () => {
    // A cached hour of the generated track over the interval, which the import must drop.
    cache.tracks.writeTrack(OBJ, trackColumnsFromPoints([{ Time: T0 + 60_000, Lat: 1, Lng: 1, Speed: 0 } as never]));
    cache.coverage.add(OBJ, T0 - HOUR, T0 + 3 * HOUR);

    let a = open();
    const p = await a.imports.preview('track.gpx', new TextEncoder().encode(gpx()));
    expect(p.summary.points).toBe(120);
    expect(p.rejected.map((r) => r.reason)).toEqual([
      'duplicate of row 11',
      'latitude 95 is outside -90…90',
      expect.stringMatching(/^\d+ km\/h from row 33 is not physically plausible/),
    ]);

    // Every import request fails (500) until one has: that part is retried.
    sim.setFaults({ errorRate: 1, pathPattern: '^/api/ObjectHistoryImport/import$' });
    const errorsBefore = sim.sim.faults.injected.error;
    const { jobId, parts } = await a.imports.start({ importId: p.importId, objectId: OBJ, partSize: 40 });
    expect(parts).toBe(3);
    await until('a failed part', () => sim.sim.faults.injected.error > errorsBefore);
    sim.clearFaults();

    // The process ends after the first part: its jobs are paused in the journal.
    await until('first part done', () => a.journal.counts(jobId).done >= 1);
    await a.jobs.close();
    a.journal.close();
    const sentBefore = posts();
    expect(sentBefore).toBeLessThan(3);

    a = open();
    expect(a.journal.job(jobId)!.state).toBe('paused');
    await a.jobs.resume(jobId);
    expect(await a.jobs.wait(jobId)).toBe('done');
    expect(a.journal.counts(jobId)).toMatchObject({ done: 3, failed: 0 });
    // Done parts are not sent again: three parts, three accepted requests in all.
    expect(posts()).toBe(3);

    const span = a.imports.finished(jobId, 'done');
    expect(span).toEqual([{ objectId: OBJ, from: T0, till: T0 + 119 * 30_000 + 1 }]);
    expect(cache.tracks.readTrack(OBJ, T0 - HOUR, T0 + 3 * HOUR).time.length).toBe(0);
    // Only the imported hour is forgotten: the hours around it stay covered.
    expect(cache.coverage.gaps(OBJ, T0 - HOUR, T0 + 3 * HOUR)).toEqual([{ from: T0, till: T0 + HOUR }]);

    const got = (await historyPoints(T0 - HOUR, T0 + 2 * HOUR)).filter((x) => x.Time >= T0 && x.Time < span![0]!.till);
    expect(got.map((x) => x.Time)).toEqual(p.accepted.map((x) => x.time));
    expect(got[50]!.Lat).toBeCloseTo(p.accepted[50]!.lat, 6);
    await a.jobs.close();
    a.journal.close();
  }, 60_000);

  it('a part sent before the process ended is followed by its journalled operation, not sent again; one the service forgot is sent again', async () => {
    let a = open();
    const p = await a.imports.preview('track.gpx', new TextEncoder().encode(gpx()));
    const before = posts();
    const { jobId, parts } = await a.imports.start({ importId: p.importId, objectId: OBJ });
    expect(parts).toBe(1);
    // The POST has been answered and its operation journalled; its status not yet read.
    await until('operation journalled', () => /"op":\{"id"/.test(String(a.journal.allItems(jobId)[0]!.old)));
    await a.jobs.close();
    a.journal.close();
    expect(posts()).toBe(before + 1);

    a = open();
    await a.jobs.resume(jobId);
    expect(await a.jobs.wait(jobId)).toBe('done');
    expect(posts()).toBe(before + 1);
    expect(JSON.parse(String(a.journal.allItems(jobId)[0]!.old))).toEqual({ done: p.summary.points });
    await a.jobs.close();
    a.journal.close();

    // A journalled operation the service does not know (it restarted): the positions go again.
    const c = open();
    const second = await c.imports.preview('track.gpx', new TextEncoder().encode(gpx()));
    const job2 = await c.imports.start({ importId: second.importId, objectId: OBJ });
    await until('operation journalled', () => /"op":\{"id"/.test(String(c.journal.allItems(job2.jobId)[0]!.old)));
    await c.jobs.close();
    c.journal.keepProgress(job2.jobId, 1, JSON.stringify({ done: 0, op: { id: 'no-such-operation', n: second.summary.points } }));
    c.journal.close();
    const d = open();
    const sent = posts();
    await d.jobs.resume(job2.jobId);
    expect(await d.jobs.wait(job2.jobId)).toBe('done');
    expect(posts()).toBe(sent + 1);
    await d.jobs.close();
    d.journal.close();
  }, 60_000);

  it('several files, one per object, go as one job; each object gets its own track and only its hours are dropped', async () => {
    const a = open();
    const track = (lat0: number, t0: number) =>
      `<gpx version="1.1"><trk><trkseg>${Array.from({ length: 20 }, (_, i) => `<trkpt lat="${lat0 + i * 0.001}" lon="24.2"><time>${new Date(t0 + i * 60_000).toISOString()}</time></trkpt>`).join('')}</trkseg></trk></gpx>`;
    const t1 = T0 - 20 * HOUR;
    const one = await a.imports.preview('first.gpx', new TextEncoder().encode(track(57.1, t1)));
    const two = await a.imports.preview('second.gpx', new TextEncoder().encode(track(57.5, t1 + 2 * HOUR)));
    cache.coverage.add(4, t1 - 5 * HOUR, t1 + 5 * HOUR);
    const { jobId, parts } = await a.imports.startMany({ files: [{ importId: one.importId, objectId: OBJ }, { importId: two.importId, objectId: 4 }], partSize: 15 });
    expect(parts).toBe(4);
    expect(await a.jobs.wait(jobId)).toBe('done');
    const spans = a.imports.finished(jobId, 'done');
    expect(spans).toEqual([
      { objectId: OBJ, from: t1, till: t1 + 19 * 60_000 + 1 },
      { objectId: 4, from: t1 + 2 * HOUR, till: t1 + 2 * HOUR + 19 * 60_000 + 1 },
    ]);
    const hourOf = (t: number) => Math.floor(t / HOUR) * HOUR;
    expect(cache.coverage.gaps(4, t1 - 5 * HOUR, t1 + 5 * HOUR)).toEqual([{ from: hourOf(t1 + 2 * HOUR), till: hourOf(t1 + 2 * HOUR) + HOUR }]);
    const token = await sim.tokenFor('admin');
    for (const [objectId, lat0, from] of [[OBJ, 57.1, t1], [4, 57.5, t1 + 2 * HOUR]] as const) {
      const r = await fetch(`${sim.baseUrl}/api/ObjectsHistory`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ObjectId: objectId, From: from, Till: from + 20 * 60_000 }) });
      const got = ((await r.json()) as { Track: { Intervals: Array<{ Positions?: Array<{ Time: number; Lat: number }> }> } }).Track.Intervals.flatMap((iv) => iv.Positions ?? []);
      expect(got.filter((x) => Math.abs(x.Lat - lat0) < 0.05)).toHaveLength(20);
    }
    await a.jobs.close();
    a.journal.close();
  }, 60_000);

  it('a part the service refuses (bad input) fails with its words, and nothing lands in history', async () => {
    const a = open();
    const bad = JSON.stringify({ from: T0 - 10 * HOUR, till: T0 - 10 * HOUR + 1, points: [[T0 - 10 * HOUR, 56.9, 24.1, null, null, null], [T0 - 10 * HOUR, 56.91, 24.1, null, null, null]] });
    const job = await a.jobs.start({ kind: 'history-import', items: [{ objectId: OBJ, value: bad, row: 1 }] });
    expect(await a.jobs.wait(job.jobId)).toBe('failed');
    const { items } = await a.jobs.items(job.jobId, { failuresOnly: true, offset: 0, limit: 10 });
    expect(items[0]!.message).toMatch(/refused the part: Position 2: time .* is not after the previous one/);
    expect(a.imports.finished(job.jobId, 'done')).toBeNull();
    const got = await historyPoints(T0 - 10 * HOUR - 1000, T0 - 10 * HOUR + 1000);
    expect(got.some((x) => x.Lat === 56.91)).toBe(false);
    await a.jobs.close();
    a.journal.close();
  }, 30_000);
});
