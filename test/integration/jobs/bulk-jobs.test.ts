/**
 * The jobs engine against the simulator over HTTP: a 3,000-object odometer sync under
 * 500s, cut answers and 429s; a SIGKILL of the command line mid-job then resume; cancel;
 * a 403; the service going away in the middle; a token expiring mid-job.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobProgress } from '../../../common/methods/jobs';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { Journal, JobsService, type JobTarget } from '../../../main/core/jobs';
import { connect } from '../../../main/core/jobs/connect';
import { mapLimit } from '../../../main/core/jobs/map-limit';

const ROOT = resolve(import.meta.dirname, '../../..');
const FAST = { probeMs: 100, backoffBaseMs: 10, backoffMaxMs: 100 };
const DAY = 86_400_000;
/** A fixed afternoon ahead of now: the fleet stands still, so an odometer reads back as set. */
const frozen = Math.floor(Date.now() / DAY) * DAY + DAY + 14 * 3_600_000;

const syncs = (sim: SimulatorHandle) => sim.writeLog().filter((w) => w.path.startsWith('/api/Objects/SyncOdometer/'));
const objectOf = (path: string) => Number(path.split('/')[4]);

function service(dataDir: string, target: JobTarget, pushes: JobProgress[] = []): JobsService {
  return new JobsService({ journal: Journal.inDataDir(dataDir), target: () => target, runner: FAST, onProgress: (p) => pushes.push(p) });
}

async function odometers(t: JobTarget, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  await mapLimit(ids, 8, async (id) => void out.set(id, await t.api.objects.odometer(id)));
  return out;
}

/** An IMEI,Odometer CSV setting each object a little above its current reading. */
async function valuesFile(t: JobTarget, dir: string, ids: number[], add: number): Promise<{ file: string; want: Map<number, number> }> {
  const objects = new Map((await t.api.objects.list()).map((o) => [o.Id, o]));
  const now = await odometers(t, ids);
  const want = new Map(ids.map((id, i) => [id, Math.round(now.get(id)! + add + (i % 50))]));
  const file = join(dir, `values-${add}.csv`);
  writeFileSync(file, ['IMEI,Odometer (km)', ...ids.map((id) => `${objects.get(id)!.IMEI},${want.get(id)}`)].join('\n'));
  return { file, want };
}

async function importJob(s: JobsService, file: string) {
  const bytes = new Uint8Array(readFileSync(file));
  const sheet = await s.importParse('values.csv', bytes);
  expect(sheet.mapping).toEqual(['imei', 'odometer']);
  const report = await s.importMatch({ importId: sheet.importId, kind: 'odometer', mapping: sheet.mapping, excludeRows: [], acceptRows: [] });
  expect(report.problems).toEqual([]);
  return report.items;
}

async function expectReadBack(t: JobTarget, want: Map<number, number>) {
  const got = await odometers(t, [...want.keys()]);
  const wrong = [...want].filter(([id, v]) => Math.abs(got.get(id)! - v) > 1e-6);
  expect(wrong).toEqual([]);
}

describe('bulk jobs against the simulator', () => {
  let sim: SimulatorHandle;
  let admin: JobTarget;
  const ids = Array.from({ length: 3000 }, (_, i) => i + 1);
  beforeAll(async () => {
    sim = await startSimulator({ port: 0, seed: 23, objects: 3000, now: () => frozen });
    admin = await connect({ server: sim.baseUrl, login: 'admin', password: 'admin' });
  }, 120_000);
  afterAll(async () => {
    await sim?.close();
  });

  it('a 3,000-object odometer job under 500s, cut answers and 429s sets every odometer, each item confirmed once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-'));
    const { file, want } = await valuesFile(admin, dir, ids, 10);
    const s = service(dir, admin);
    const items = await importJob(s, file);
    expect(items).toHaveLength(3000);
    sim.clearWriteLog();
    const before = { ...sim.sim.faults.injected };
    const rateLimit = { limit: 60, windowMs: 1_000, retryAfterS: 1 };
    sim.setFaults({ errorRate: 0.04, truncateRate: 0.04, rateLimit, pathPattern: '^/api/Objects/(odometer|SyncOdometer)/' });
    // The simulator's clock stands still (so odometers read back as set): its rate-limit
    // window is opened anew every 300 ms of real time instead.
    const windows = setInterval(() => sim.setFaults({ rateLimit }), 300);
    let jobId = 0;
    try {
      const job = await s.start({ kind: 'odometer', items });
      expect(await s.wait(job.jobId)).toBe('done');
      jobId = job.jobId;
    } finally {
      clearInterval(windows);
      sim.clearFaults();
    }
    const injected = Object.fromEntries(Object.entries(sim.sim.faults.injected).map(([k, v]) => [k, v - before[k as keyof typeof before]]));
    expect(injected.error).toBeGreaterThan(0);
    expect(injected.truncate).toBeGreaterThan(0);
    expect(injected.ratelimit).toBeGreaterThan(0);

    const sum = s.summary(jobId);
    expect([sum.done, sum.failed, sum.remaining]).toEqual([3000, 0, 0]);
    await expectReadBack(admin, want);
    // Every object written; a write applied more than once only where its answer was cut.
    const log = syncs(sim);
    expect(new Set(log.map((w) => objectOf(w.path))).size).toBe(3000);
    expect(log.length - 3000).toBeLessThanOrEqual(injected.truncate!);
    // Each item went to 'sending' once per try and was settled once: no item sent after 'done'.
    const rows = s.journal.allItems(jobId);
    expect(rows.every((r) => r.state === 'done' && typeof r.old === 'number')).toBe(true);
    s.journal.close();
  }, 300_000);

  it('SIGKILL of the command line mid-job: the next start shows it interrupted, resume sends no done item again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-kill-'));
    const some = ids.slice(0, 1500);
    const { file, want } = await valuesFile(admin, dir, some, 200);
    sim.clearWriteLog();
    sim.setFaults({ latencyMs: 4 });
    const cli = join(ROOT, 'main/host/admin-cli.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'odometer', '--file', file, '--server', sim.baseUrl, '--login', 'admin', '--data-dir', dir, '--yes'], {
      cwd: ROOT,
      env: { ...process.env, FLEET_PASSWORD: 'admin' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const exited = new Promise<NodeJS.Signals | null>((done) => child.on('exit', (_c, signal) => done(signal)));
    for (let i = 0; i < 600 && syncs(sim).length < 400; i++) await new Promise((r) => setTimeout(r, 50));
    expect(syncs(sim).length, err).toBeGreaterThanOrEqual(400);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    sim.clearFaults();
    const killedAt = sim.writeLog().length;

    const pushes: JobProgress[] = [];
    const s = service(dir, admin, pushes);
    const [job] = s.list(10);
    expect(job?.state).toBe('interrupted');
    const doneBefore = new Set(s.journal.allItems(job!.jobId).filter((r) => r.state === 'done').map((r) => r.object_id));
    expect(doneBefore.size).toBeGreaterThan(0);
    expect(doneBefore.size).toBeLessThan(1500);
    await s.resume(job!.jobId);
    expect(await s.wait(job!.jobId)).toBe('done');
    expect(s.summary(job!.jobId).done).toBe(1500);
    const after = sim.writeLog().slice(killedAt).filter((w) => w.path.startsWith('/api/Objects/SyncOdometer/'));
    expect(after.filter((w) => doneBefore.has(objectOf(w.path)))).toEqual([]);
    expect(after.length).toBeGreaterThanOrEqual(1500 - doneBefore.size);
    await expectReadBack(admin, want);
    s.journal.close();
  }, 300_000);

  it('cancel: items not yet sent are skipped and never written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-cancel-'));
    const s = service(dir, admin);
    sim.clearWriteLog();
    sim.setFaults({ latencyMs: 20 });
    const job = await s.start({ kind: 'engine-hours', items: ids.slice(0, 300).map((objectId) => ({ objectId, value: 5000, row: null })) });
    for (let i = 0; i < 400 && s.summary(job.jobId).done < 20; i++) await new Promise((r) => setTimeout(r, 25));
    const c = await s.cancel(job.jobId);
    sim.clearFaults();
    expect(c.state).toBe('cancelled');
    expect(c.skipped).toBeGreaterThan(0);
    expect(c.done + c.skipped).toBe(300);
    const skipped = s.journal.allItems(job.jobId).filter((r) => r.state === 'skipped').map((r) => r.object_id);
    const written = new Set(sim.writeLog().map((w) => objectOf(w.path)));
    expect(skipped.filter((id) => written.has(id))).toEqual([]);
    s.journal.close();
  }, 60_000);

  it('a 403 on the first items stops the job with one message and changes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-403-'));
    const demo = await connect({ server: sim.baseUrl, login: 'demo', password: 'demo' });
    const s = service(dir, demo);
    const mine = (await demo.api.objects.list()).slice(0, 50).map((o) => o.Id);
    sim.clearWriteLog();
    const job = await s.start({ kind: 'owner', items: mine.map((objectId) => ({ objectId, value: 2, row: null })) });
    expect(await s.wait(job.jobId)).toBe('stopped');
    const sum = s.summary(job.jobId);
    expect(sum.message).toMatch(/403/);
    expect([sum.done, sum.failed, sum.remaining]).toEqual([0, 0, 50]);
    expect(sim.writeLog()).toEqual([]);
    s.journal.close();
  }, 60_000);

  it('the service going away mid-job: the job waits for it and goes on when it answers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-offline-'));
    const some = ids.slice(1500, 1800);
    const { file, want } = await valuesFile(admin, dir, some, 30);
    const pushes: JobProgress[] = [];
    const s = service(dir, admin, pushes);
    const items = await importJob(s, file);
    sim.setFaults({ latencyMs: 5 });
    const job = await s.start({ kind: 'odometer', items });
    for (let i = 0; i < 400 && s.summary(job.jobId).done < 50; i++) await new Promise((r) => setTimeout(r, 25));
    await sim.stopListening();
    for (let i = 0; i < 600 && !pushes.some((p) => p.state === 'waiting'); i++) await new Promise((r) => setTimeout(r, 50));
    const waiting = pushes.find((p) => p.state === 'waiting');
    expect(waiting?.message).toBe('Waiting for the service');
    expect(s.summary(job.jobId).remaining).toBeGreaterThan(0);
    await sim.startListening();
    expect(await s.wait(job.jobId)).toBe('done');
    sim.clearFaults();
    expect(s.summary(job.jobId).done).toBe(300);
    await expectReadBack(admin, want);
    s.journal.close();
  }, 120_000);
});

describe('a token expiring mid-job', () => {
  it('signs in again without the user and finishes', async () => {
    let clock = frozen;
    const sim = await startSimulator({ port: 0, seed: 4, objects: 40, tokenTtlS: 60, now: () => clock });
    try {
      const t = await connect({ server: sim.baseUrl, login: 'admin', password: 'admin' });
      const dir = mkdtempSync(join(tmpdir(), 'fleet-jobs-token-'));
      const s = service(dir, t);
      sim.setFaults({ latencyMs: 10 });
      const job = await s.start({ kind: 'icon', items: Array.from({ length: 40 }, (_, i) => ({ objectId: i + 1, value: 2, row: null })) });
      for (let i = 0; i < 400 && s.summary(job.jobId).done < 10; i++) await new Promise((r) => setTimeout(r, 10));
      clock += 5 * 60_000; // every token issued so far has expired
      expect(await s.wait(job.jobId)).toBe('done');
      expect(s.summary(job.jobId).done).toBe(40);
      const icons = (await t.api.objects.list()).map((o) => o.IconId);
      expect(icons.every((i) => i === 2)).toBe(true);
      // Revert builds the inverse job from the values read before.
      const back = await s.revert(job.jobId);
      expect(await s.wait(back.jobId)).toBe('done');
      const olds = new Map(s.journal.allItems(job.jobId).map((r) => [r.object_id, r.old]));
      const now = await t.api.objects.list();
      expect(now.filter((o) => o.IconId !== olds.get(o.Id))).toEqual([]);
      s.journal.close();
    } finally {
      await sim.close();
    }
  }, 60_000);
});
