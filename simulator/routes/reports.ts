/** Reports computed from the simulated data, and report templates with the documented limitation. */
import { z } from 'zod';
import { HttpError, notFound } from '../http/errors';
import { json, type Ctx, type Route } from '../http/route';
import type { Sim } from '../sim';
import { EventBit } from '../world/generate';
import { REPORT_COLUMNS, REPORT_TYPES } from '../world/catalogues';
import type { ObjectRec } from '../world/types';
import { counters } from './counters';
import { crud } from './crud';
import { eventsBetween } from './event-list';
import { ignitionIntervals, objectsFor } from './history-extra';
import { intParam } from './params';

const int = z.number().int();
const ReportIn = z.object({ ObjectIds: z.array(int).optional(), From: int, Till: int, GeozoneIds: z.array(int).optional() });
type ReportBody = z.infer<typeof ReportIn>;

function fuel(sim: Sim, o: ObjectRec, from: number, till: number): { ObjectId: number; StartLevel: number; EndLevel: number; Refuelled: number; Drained: number; Consumed: number; Refuels: { Time: number; Volume: number }[]; Drains: { Time: number; Volume: number }[] } {
  const [ws, we] = sim.tracker.window(o.Id);
  const lo = Math.max(from, ws);
  const hi = Math.min(till, we);
  if (hi <= lo) return { ObjectId: o.Id, StartLevel: 0, EndLevel: 0, Refuelled: 0, Drained: 0, Consumed: 0, Refuels: [], Drains: [] };
  const evs = eventsBetween(sim, [o], lo, hi).map((x) => x.e);
  const refuels = evs.filter((e) => e.Type === EventBit.Refuel).map((e) => ({ Time: e.Time, Volume: e.value ?? 0 }));
  const drains = evs.filter((e) => e.Type === (EventBit.FuelDrain | EventBit.Alarm)).map((e) => ({ Time: e.Time, Volume: e.value ?? 0 }));
  const start = sim.sensors.fuelLevel(o.Id, lo);
  const end = sim.sensors.fuelLevel(o.Id, hi);
  const add = refuels.reduce((a, r) => a + r.Volume, 0);
  const lost = drains.reduce((a, r) => a + r.Volume, 0);
  const r1 = (v: number): number => Math.round(v * 10) / 10;
  return { ObjectId: o.Id, StartLevel: start, EndLevel: end, Refuelled: r1(add), Drained: r1(lost), Consumed: r1(Math.max(0, start + add - lost - end)), Refuels: refuels, Drains: drains };
}

function geozoneVisits(sim: Sim, o: ObjectRec, from: number, till: number, only?: number[]): { ObjectId: number; GeozoneId: number; GeozoneName: string; Enter: number; Exit: number; Duration: number }[] {
  const open = new Map<number, number>();
  const out: ReturnType<typeof geozoneVisits> = [];
  for (const { e } of eventsBetween(sim, [o], from, till)) {
    if (!e.zoneId || (only && !only.includes(e.zoneId))) continue;
    if (e.Type === EventBit.GeozoneEnter) open.set(e.zoneId, e.Time);
    else if (e.Type === EventBit.GeozoneExit) {
      const enter = open.get(e.zoneId) ?? from;
      open.delete(e.zoneId);
      out.push({ ObjectId: o.Id, GeozoneId: e.zoneId, GeozoneName: sim.world.plannedGeozones.get(e.zoneId)?.Name ?? '', Enter: enter, Exit: e.Time, Duration: Math.round((e.Time - enter) / 1000) });
    }
  }
  for (const [zone, enter] of open) out.push({ ObjectId: o.Id, GeozoneId: zone, GeozoneName: sim.world.plannedGeozones.get(zone)?.Name ?? '', Enter: enter, Exit: 0, Duration: Math.round((Math.min(till, sim.now()) - enter) / 1000) });
  return out.sort((a, b) => a.Enter - b.Enter);
}

const FuelOut = z.object({ ObjectId: int, StartLevel: z.number(), EndLevel: z.number(), Refuelled: z.number(), Drained: z.number(), Consumed: z.number(), Refuels: z.array(z.object({ Time: int, Volume: z.number() })), Drains: z.array(z.object({ Time: int, Volume: z.number() })) });
const ResultOut = z.object({ Id: int, TemplateId: int, ReportType: int, Name: z.string(), From: int, Till: int, Columns: z.array(z.string()), Rows: z.array(z.array(z.union([z.string(), z.number()]))) });

function report(kind: string, summary: string, response: z.ZodType, run: (ctx: Ctx, objs: ObjectRec[], b: ReportBody) => unknown): Route {
  return {
    method: 'POST', path: `/api/Reports/${kind}`, tag: 'Reports', summary, body: ReportIn, response, errors: [400, 404],
    handler(ctx) {
      const b = ctx.body as ReportBody;
      return json(run(ctx, objectsFor(ctx, b), b));
    },
  };
}

export const reportRoutes: Route[] = [
  report('Moto', 'Equipment operation: ignition intervals and engine, idle and move time (s)',
    z.array(z.object({ ObjectId: int, Intervals: z.array(z.object({ From: int, Till: int, Duration: z.number() })), EngineTime: z.number(), IdleTime: z.number(), MoveTime: z.number() })),
    (ctx, objs, b) => objs.map((o) => {
      const iv = ignitionIntervals(ctx.sim, o.Id, b.From, b.Till);
      const engine = iv.reduce((a, x) => a + x.Duration, 0);
      const sp = ctx.sim.tracker.window(o.Id);
      const move = Math.round(objsMove(ctx.sim, o, Math.max(b.From, sp[0]), Math.min(b.Till, sp[1])) / 1000);
      return { ObjectId: o.Id, Intervals: iv, EngineTime: engine, IdleTime: Math.max(0, engine - move), MoveTime: move };
    })),
  report('GeozoneVisit', 'Geozone visits from enter/exit crossings (Exit 0: still inside)',
    z.array(z.object({ ObjectId: int, GeozoneId: int, GeozoneName: z.string(), Enter: int, Exit: int, Duration: z.number() })),
    (ctx, objs, b) => objs.flatMap((o) => geozoneVisits(ctx.sim, o, b.From, b.Till, b.GeozoneIds))),
  report('Counters', 'Odometer (km) and engine hours at the ends of the interval',
    z.array(z.object({ ObjectId: int, OdometerStart: z.number(), OdometerEnd: z.number(), Mileage: z.number(), EngineHoursStart: z.number(), EngineHoursEnd: z.number() })),
    (ctx, objs, b) => objs.map((o) => {
      const a = counters(ctx.sim, o.Id, b.From);
      const e = counters(ctx.sim, o.Id, Math.min(b.Till, ctx.sim.now()));
      return { ObjectId: o.Id, OdometerStart: a.Odometer, OdometerEnd: e.Odometer, Mileage: Math.round((e.Odometer - a.Odometer) * 10) / 10, EngineHoursStart: a.EngineHours, EngineHoursEnd: e.EngineHours };
    })),
  report('Fuel', 'Fuel levels (litres), refuels and drains', z.array(FuelOut), (ctx, objs, b) => objs.map((o) => fuel(ctx.sim, o, b.From, b.Till))),
  ...crud({
    base: '/api/ReportTemplates', coll: 'ReportTemplates', tag: 'Reports', what: 'report template', ops: ['list', 'get', 'put', 'delete'],
    fields: { Name: z.string().min(1), ReportType: int, Columns: z.array(z.string()) },
    check: (r) => (REPORT_TYPES.some((t) => t.Id === r.ReportType) ? undefined : `ReportType ${String(r.ReportType)} does not exist`),
  }),
  {
    method: 'POST', path: '/api/ReportTemplates', tag: 'Reports', write: false,
    summary: 'Known limitation: creating a template and running a report share this path, so the call always fails (500)',
    response: 'empty', errors: [500],
    handler() {
      throw new HttpError(500, 'POST /api/ReportTemplates is ambiguous (create a template or run a report) and fails; build reports in the web interface and read them with GET /api/ReportTemplates/GetReportResult/{id}');
    },
  },
  { method: 'GET', path: '/api/ReportTemplates/GetReportTypes', tag: 'Reports', summary: 'Report types', response: z.array(z.object({ Id: int, Name: z.string() })), handler: () => json(REPORT_TYPES) },
  {
    method: 'GET', path: '/api/ReportTemplates/GetReportColumns/{reportType}', tag: 'Reports', summary: 'Columns of a report type',
    response: z.array(z.object({ Id: z.string(), Name: z.string(), Type: z.string() })), errors: [400, 404],
    handler(ctx) {
      const cols = REPORT_COLUMNS[intParam(ctx, 'reportType')];
      if (!cols) throw notFound('No such report type');
      return json(cols);
    },
  },
  {
    method: 'GET', path: '/api/ReportTemplates/GetReportResult/{id}', tag: 'Reports',
    summary: 'Result of the report last generated from template {id} (the simulator generates it for the previous 24 hours of the company\'s first 20 objects)',
    response: ResultOut, errors: [400, 404],
    handler(ctx) {
      const t = ctx.sim.store.get('ReportTemplates', ctx.user, intParam(ctx, 'id'));
      if (!t) throw notFound('No report result with this id');
      const till = Math.floor(ctx.sim.now() / 3600_000) * 3600_000;
      const from = till - 86_400_000;
      const objs = [...ctx.sim.world.objects.values()].filter((o) => o.CompanyId === t.CompanyId).slice(0, 20);
      const type = Number(t.ReportType);
      const columns = (REPORT_COLUMNS[type] ?? []).map((c) => c.Id);
      const rows: (string | number)[][] = [];
      for (const o of objs) {
        if (type === 3) {
          const f = fuel(ctx.sim, o, from, till);
          rows.push([o.Name, f.StartLevel, f.EndLevel, f.Refuelled, f.Drained]);
        } else if (type === 4) {
          for (const v of geozoneVisits(ctx.sim, o, from, till)) rows.push([o.Name, v.GeozoneName, v.Enter, v.Exit]);
        } else if (type === 5) {
          const iv = ignitionIntervals(ctx.sim, o.Id, from, till);
          const engine = iv.reduce((a, x) => a + x.Duration, 0);
          rows.push([o.Name, engine, Math.max(0, engine - Math.round(objsMove(ctx.sim, o, from, till) / 1000))]);
        } else {
          for (const l of legsBetween(ctx.sim, o, from, till)) {
            rows.push(type === 2 ? [o.Name, l.t1, l.next, ''] : [o.Name, l.t0, l.t1, Math.round(l.len / 10) / 100, Math.round(l.peak)]);
          }
        }
      }
      return json({ Id: t.Id, TemplateId: t.Id, ReportType: type, Name: String(t.Name), From: from, Till: till, Columns: columns, Rows: rows });
    },
  },
];

function legsBetween(sim: Sim, o: ObjectRec, from: number, till: number): { t0: number; t1: number; len: number; peak: number; next: number }[] {
  const m = sim.world.motion[o.Id];
  if (!m || m.neverReported) return [];
  const out: { t0: number; t1: number; len: number; peak: number; next: number }[] = [];
  const end = Math.min(till, sim.tracker.window(o.Id)[1]);
  for (let d = Math.floor((from + m.tzOffsetMs) / 86_400_000); d <= Math.floor((end + m.tzOffsetMs) / 86_400_000); d++) {
    const legs = sim.tracker.plans.get(o.Id, d).legs;
    legs.forEach((l, i) => {
      if (l.t0 >= from && l.t1 <= end) out.push({ t0: l.t0, t1: l.t1, len: l.len, peak: l.shape.V * (1 + l.shape.c) * 3.6, next: legs[i + 1]?.t0 ?? 0 });
    });
  }
  return out;
}

function objsMove(sim: Sim, o: ObjectRec, from: number, till: number): number {
  let move = 0;
  for (const l of legsBetween(sim, o, from - 86_400_000, till)) move += Math.max(0, Math.min(l.t1, till) - Math.max(l.t0, from));
  return move;
}
