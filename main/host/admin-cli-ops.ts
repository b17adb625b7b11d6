/**
 * The command line's operations: build the job (from a file or a list of ids), show the
 * matching problems and the preview, ask, run with progress, write the result file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ImportField, JobKind, JobState } from '../../common/methods/jobs';
import type { JobRow } from '../core/jobs/journal';
import type { JobSpec, JobsService, JobTarget } from '../core/jobs';
import { BadInput, type CliIo, type CliValues } from './admin-cli-args';

interface Ctx {
  op: string;
  rest: string[];
  v: CliValues;
  service: JobsService;
  needTarget: (job?: { server: string; login: string }) => Promise<JobTarget>;
  jobOf: (id: number) => JobRow | undefined;
  io: CliIo;
  concurrency: number | undefined;
}

const KINDS: Record<string, { kind: JobKind; flag?: 'company' | 'icon' | 'date'; field: ImportField }> = {
  odometer: { kind: 'odometer', field: 'odometer' },
  'engine-hours': { kind: 'engine-hours', field: 'engine-hours' },
  setowner: { kind: 'owner', flag: 'company', field: 'company' },
  seticon: { kind: 'icon', flag: 'icon', field: 'icon' },
  'paid-till': { kind: 'paid-till', flag: 'date', field: 'paid-till' },
};

function jobArg(ctx: Ctx): JobRow {
  const id = Number(ctx.rest[0]);
  if (!Number.isInteger(id) || id <= 0) throw new BadInput(`Say which job: ${ctx.op} JOB (a number from "jobs")`);
  const job = ctx.jobOf(id);
  if (!job) throw new BadInput(`No job ${id} in this data folder`);
  return job;
}

function flagValue(kind: JobKind, raw: string): number | string {
  if (kind === 'paid-till') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) throw new BadInput(`--date ${raw} is not YYYY-MM-DD`);
    return raw;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new BadInput(`${kind === 'owner' ? '--company' : '--icon'} ${raw} is not an Id`);
  return n;
}

async function buildSpec(ctx: Ctx, op: (typeof KINDS)[string]): Promise<JobSpec> {
  const { v, service, io } = ctx;
  const fixed = op.flag ? v[op.flag] : undefined;
  if (op.flag && fixed === undefined) throw new BadInput(`${ctx.op} needs --${op.flag}`);
  const value = fixed === undefined ? undefined : flagValue(op.kind, fixed);
  if (op.kind === 'owner' && typeof value === 'number') {
    const companies = await service.companies();
    if (companies.size > 0 && !companies.has(value)) throw new BadInput(`No company with Id ${value} (known: ${[...companies.keys()].slice(0, 20).join(', ')})`);
  }
  if (v.objects !== undefined) {
    if (v.file) throw new BadInput('Give --objects or --file, not both');
    const ids = v.objects.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isInteger(n) || n <= 0)) throw new BadInput(`--objects ${v.objects} is not a list of object Ids (1,2,3)`);
    if (value === undefined) throw new BadInput(`${ctx.op} --objects needs a value flag`);
    return { kind: op.kind, label: `${ctx.op} of ${ids.length} objects (command line)`, items: ids.map((objectId) => ({ objectId, value, row: null })) };
  }
  if (!v.file) throw new BadInput(`${ctx.op} needs --file F${op.flag ? ' or --objects 1,2,3' : ''}`);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(v.file);
  } catch (e) {
    throw new BadInput(`Cannot read ${v.file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  const parsed = await service.importParse(basename(v.file), bytes);
  const sheet = service.sheet(parsed.importId);
  const mapping = [...parsed.mapping];
  if (value !== undefined) {
    // The flag's value applies to every row: a column of its own, in place of any in the file.
    for (let i = 0; i < mapping.length; i++) if (mapping[i] === op.field) mapping[i] = 'ignore';
    sheet.columns.push(`--${op.flag}`);
    for (const r of sheet.rows) r.push(String(value));
    mapping.push(op.field);
  }
  io.err(`${parsed.fileName}: ${parsed.rowCount} rows; columns ${parsed.columns.map((c, i) => `${c} → ${mapping[i]}`).join(', ')}`);
  const report = await service.importMatch({ importId: parsed.importId, kind: op.kind, mapping, excludeRows: [], acceptRows: [] });
  for (const p of report.problems) io.err(`  row ${p.row}: ${p.kind}: ${p.message}`);
  if (report.problems.length) io.err(`${report.problems.length} row(s) left out; fix the file to include them.`);
  if (report.items.length === 0) throw new BadInput(`No row of ${parsed.fileName} can be sent`);
  return { kind: op.kind, label: `${ctx.op} from ${parsed.fileName} (command line)`, items: report.items.map((i) => ({ objectId: i.objectId, value: i.value, row: i.row })) };
}

/** Runs the job to its end (Ctrl-C pauses it) and writes the results; the exit code. */
async function follow(ctx: Ctx, jobId: number): Promise<number> {
  const { service, io, v } = ctx;
  const off = io.onInterrupt(() => {
    io.err(`\nPausing job ${jobId}…`);
    void service.pause(jobId).catch(() => undefined);
  });
  let state: JobState;
  try {
    state = await service.wait(jobId);
  } finally {
    off();
  }
  const s = service.summary(jobId);
  io.err(`Job ${jobId} ${state}: ${s.done} done, ${s.failed} failed, ${s.skipped} skipped of ${s.total}${s.message ? ` — ${s.message}` : ''}`);
  if (state === 'paused' || state === 'stopped') io.err(`Go on with: npm run admin -- resume ${jobId}`);
  if (v.result) {
    const file = await service.exportResults(jobId, v.result.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv');
    await writeFile(v.result, file.bytes);
    io.err(`Results: ${v.result}`);
  }
  return state === 'done' && s.failed === 0 ? 0 : 1;
}

async function confirm(ctx: Ctx, what: string): Promise<boolean> {
  if (ctx.v.yes) return true;
  return ctx.io.ask(`${what} [y/N] `);
}

export async function runOperation(ctx: Ctx): Promise<number> {
  const { op, service, io, v } = ctx;
  if (op === 'jobs') {
    const list = service.list(100);
    if (list.length === 0) io.out('No jobs yet.');
    for (const j of list) {
      io.out(`${j.jobId}\t${new Date(j.createdAt).toISOString()}\t${j.state}\t${j.kind}\t${j.done}/${j.total} done, ${j.failed} failed\t${j.user}@${j.server}\t${j.label}${j.message ? `\t${j.message}` : ''}`);
    }
    return 0;
  }
  if (op === 'resume') {
    const job = jobArg(ctx);
    await ctx.needTarget(job);
    const s = await service.resume(job.id);
    io.err(`Resuming job ${job.id}: ${s.remaining} of ${s.total} left`);
    return follow(ctx, job.id);
  }
  if (op === 'revert') {
    const job = jobArg(ctx);
    await ctx.needTarget(job);
    if (!(await confirm(ctx, `Set ${service.summary(job.id).done} objects of job ${job.id} back to their previous values?`))) return 1;
    const s = await service.revert(job.id);
    io.err(`Job ${s.jobId}: ${s.label}`);
    return follow(ctx, s.jobId);
  }
  const kind = KINDS[op];
  if (!kind) throw new BadInput(`Unknown operation "${op}"; see --help`);
  const t = await ctx.needTarget();
  const spec = await buildSpec(ctx, kind);
  if (v['dry-run']) {
    const rows = await service.preview(spec);
    io.out(['row', 'id', 'object', 'current', 'new'].join('\t'));
    for (const r of rows) io.out([r.row ?? '', r.objectId, r.name, r.current ?? '?', r.next].join('\t'));
    io.err(`Dry run: ${rows.length} object(s) would change; nothing was sent.`);
    return 0;
  }
  if (!(await confirm(ctx, `Send ${spec.items.length} change(s) (${spec.kind}) to ${t.server} as ${t.login}?`))) {
    io.err('Nothing was sent.');
    return 1;
  }
  const s = await service.start(spec, { concurrency: ctx.concurrency });
  io.err(`Job ${s.jobId}: ${s.total} item(s)`);
  return follow(ctx, s.jobId);
}
