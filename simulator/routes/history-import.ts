/**
 * History import jobs. A part (at most MAX_IMPORT_POSITIONS positions) waits 1 s in the queue,
 * runs 2 s on the simulator's clock, then either lands in the object's history or fails whole:
 * positions out of range or out of time order fail the job with the first bad one named
 * (nothing is applied), as does a part with no positions.
 */
import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import { json, type Route } from '../http/route';
import type { Sim } from '../sim';

export const MAX_IMPORT_POSITIONS = 5000;
const QUEUED_MS = 1000;
const RUNNING_MS = 2000;

const int = z.number().int();
const PositionIn = z.object({ Time: int, Lat: z.number(), Lng: z.number(), Speed: z.number().optional(), Heading: z.number().optional(), Alt: z.number().optional() });
export type ImportedPosition = z.infer<typeof PositionIn>;

interface ImportJob { OperationId: string; CompanyId: number; ObjectId: number; Created: number; Positions: ImportedPosition[]; applied: boolean; error: string | null }
const jobs = new WeakMap<Sim, Map<string, ImportJob>>();
/** Per object: imported positions in time order, a later import replacing the times it covers. */
const imported = new WeakMap<Sim, Map<number, ImportedPosition[]>>();

const ImportStatusOut = z.object({
  OperationId: z.string(), ObjectId: int, Status: z.enum(['Queued', 'Running', 'Completed', 'Failed']),
  Progress: int.describe('percent'), Created: int, Updated: int, Message: z.string(),
});

function firstProblem(ps: ImportedPosition[]): string | null {
  if (!ps.length) return 'No positions to import';
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]!;
    if (p.Lat < -90 || p.Lat > 90 || p.Lng < -180 || p.Lng > 180) return `Position ${i + 1}: coordinates ${p.Lat}, ${p.Lng} are out of range`;
    if (i > 0 && p.Time <= ps[i - 1]!.Time) return `Position ${i + 1}: time ${p.Time} is not after the previous one`;
  }
  return null;
}

/** Jobs whose running time has passed are applied now: history reads see them from then on. */
function settle(sim: Sim): void {
  for (const job of jobs.get(sim)?.values() ?? []) {
    if (job.applied || job.error || sim.now() - job.Created < QUEUED_MS + RUNNING_MS) continue;
    job.applied = true;
    const byObj = imported.get(sim) ?? new Map<number, ImportedPosition[]>();
    imported.set(sim, byObj);
    const from = job.Positions[0]!.Time;
    const till = job.Positions[job.Positions.length - 1]!.Time;
    const kept = (byObj.get(job.ObjectId) ?? []).filter((p) => p.Time < from || p.Time > till);
    byObj.set(job.ObjectId, [...kept, ...job.Positions].sort((a, b) => a.Time - b.Time));
  }
}

/** The imported positions of one object within [from, till), for the history route. */
export function importedBetween(sim: Sim, objectId: number, from: number, till: number): ImportedPosition[] {
  settle(sim);
  return (imported.get(sim)?.get(objectId) ?? []).filter((p) => p.Time >= from && p.Time < till);
}

export const historyImportRoutes: Route[] = [
  {
    method: 'POST', path: '/api/ObjectHistoryImport/import', tag: 'History', write: true,
    summary: `Queue a history import job of at most ${MAX_IMPORT_POSITIONS} positions (400 beyond); Status moves Queued → Running → Completed, or Failed with the first bad position named`,
    body: z.object({ ObjectId: int, Format: z.string().optional(), Positions: z.array(PositionIn).optional() }),
    response: z.object({ OperationId: z.string() }), errors: [400, 404],
    handler(ctx) {
      const b = ctx.body as { ObjectId: number; Positions?: ImportedPosition[] };
      const o = ctx.sim.object(ctx.user, b.ObjectId);
      const ps = b.Positions ?? [];
      if (ps.length > MAX_IMPORT_POSITIONS) throw badRequest(`At most ${MAX_IMPORT_POSITIONS} positions per import request`);
      const map = jobs.get(ctx.sim) ?? new Map<string, ImportJob>();
      jobs.set(ctx.sim, map);
      const id = `imp-${ctx.sim.opts.seed}-${map.size + 1}`;
      map.set(id, { OperationId: id, CompanyId: o.CompanyId, ObjectId: o.Id, Created: ctx.sim.now(), Positions: ps, applied: false, error: firstProblem(ps) });
      return json({ OperationId: id });
    },
  },
  {
    method: 'GET', path: '/api/ObjectHistoryImport/import/status/{operationId}', tag: 'History', summary: 'Status of an import job',
    response: ImportStatusOut, errors: [404],
    handler(ctx) {
      settle(ctx.sim);
      const job = jobs.get(ctx.sim)?.get(ctx.params.operationId ?? '');
      if (!job || !ctx.sim.canSee(ctx.user, job.CompanyId)) throw notFound('No such import operation');
      const age = ctx.sim.now() - job.Created;
      const base = { OperationId: job.OperationId, ObjectId: job.ObjectId, Created: job.Created };
      if (age < QUEUED_MS) return json({ ...base, Status: 'Queued', Progress: 0, Updated: job.Created, Message: 'Waiting in the queue' });
      if (age < QUEUED_MS + RUNNING_MS) return json({ ...base, Status: 'Running', Progress: Math.floor(((age - QUEUED_MS) / RUNNING_MS) * 100), Updated: ctx.sim.now(), Message: 'Importing' });
      const end = job.Created + QUEUED_MS + RUNNING_MS;
      if (job.error) return json({ ...base, Status: 'Failed', Progress: 100, Updated: end, Message: job.error });
      return json({ ...base, Status: 'Completed', Progress: 100, Updated: end, Message: `Imported ${job.Positions.length} positions` });
    },
  },
];
