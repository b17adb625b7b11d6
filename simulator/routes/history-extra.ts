/** History family: daily stats, driver sessions, events, parkings, raw packets (import jobs: history-import.ts). */
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { json, type Ctx, type Route } from '../http/route';
import { spans } from '../motion/intervals';
import { dayStartOf, localDay } from '../motion/plan';
import { DailyStatOut } from '../schemas/core';
import { IntervalIn, ObjectsIntervalIn } from '../schemas/history';
import type { Sim } from '../sim';
import { DAY_MS } from '../world/generate';
import type { ObjectRec } from '../world/types';
import { EventOut, eventsBetween, toJson } from './event-list';
import { checkInterval } from './history';
import { intParam } from './params';

const int = z.number().int();
type Span = { ObjectIds?: number[]; ObjectId?: number; From: number; Till: number };

export function objectsFor(ctx: Ctx, b: Span): ObjectRec[] {
  checkInterval(ctx.sim, b.From, b.Till);
  const ids = b.ObjectIds ?? (b.ObjectId !== undefined ? [b.ObjectId] : undefined);
  return ids ? ids.map((id) => ctx.sim.object(ctx.user, id)) : ctx.sim.visibleObjects(ctx.user);
}

function pathObject(ctx: Ctx): Span {
  const b = ctx.body as { From: number; Till: number };
  return { ObjectIds: [intParam(ctx, 'objectId')], From: b.From, Till: b.Till };
}

export function dailyStats(sim: Sim, objs: ObjectRec[], from: number, till: number): z.infer<typeof DailyStatOut>[] {
  const out: z.infer<typeof DailyStatOut>[] = [];
  const end = Math.min(till, sim.now());
  for (const o of objs) {
    const m = sim.world.motion[o.Id];
    if (!m || m.neverReported) continue;
    for (let d = Math.max(localDay(m, from), m.firstDay); d <= localDay(m, end); d++) {
      if (dayStartOf(m, d) >= sim.tracker.window(o.Id)[1]) break;
      out.push(sim.sensors.dayStat(o.Id, d, end));
    }
  }
  return out;
}

const SessionOut = z.object({ ObjectId: int, DriverId: int, DriverName: z.string(), UId: z.string(), From: int, Till: int });
export function driverSessions(sim: Sim, objs: ObjectRec[], from: number, till: number): z.infer<typeof SessionOut>[] {
  const out: z.infer<typeof SessionOut>[] = [];
  const end = Math.min(till, sim.now());
  for (const o of objs) {
    const m = sim.world.motion[o.Id];
    if (!m || m.neverReported) continue;
    for (let d = localDay(m, from); d <= localDay(m, end); d++) {
      const drv = sim.sensors.driverOn(o.Id, d);
      const legs = sim.tracker.plans.get(o.Id, d).legs;
      const first = legs[0];
      const last = legs[legs.length - 1];
      if (!drv || !first || !last) continue;
      const a = drv.Time;
      const b = Math.min(last.ignOff, sim.tracker.window(o.Id)[1]);
      if (b <= from || a >= end || b <= a) continue;
      out.push({ ObjectId: o.Id, DriverId: drv.DriverId, DriverName: drv.Name, UId: drv.UId, From: a, Till: b });
    }
  }
  return out;
}

const ParkingMotoOut = z.object({
  ObjectId: int,
  Parkings: z.array(z.object({ From: int, Till: int, Duration: z.number().describe('s'), Lat: z.number(), Lng: z.number() })),
  EngineIntervals: z.array(z.object({ From: int, Till: int, Duration: z.number().describe('s') })),
});

export function ignitionIntervals(sim: Sim, obj: number, from: number, till: number): { From: number; Till: number; Duration: number }[] {
  const m = sim.world.motion[obj];
  const out: { From: number; Till: number; Duration: number }[] = [];
  if (!m || m.neverReported) return out;
  const [ws, we] = sim.tracker.window(obj);
  const lo = Math.max(from, ws);
  const hi = Math.min(till, we);
  // From the day before: a leg begun then may run into the interval.
  for (let d = localDay(m, lo) - 1; d <= localDay(m, hi); d++) {
    for (const l of sim.tracker.plans.get(obj, d).legs) {
      const a = Math.max(l.ignOn, lo);
      const b = Math.min(l.ignOff, hi);
      if (b > a) out.push({ From: a, Till: b, Duration: Math.round((b - a) / 1000) });
    }
  }
  return out;
}

export const historyExtraRoutes: Route[] = [
  {
    method: 'POST', path: '/api/ObjectsHistory/Common', tag: 'History', summary: 'Driver sessions, daily statistics and tasks for one object (ObjectId) or all the user\'s objects',
    body: ObjectsIntervalIn, errors: [400, 404],
    response: z.object({ DriverSessions: z.array(SessionOut), DailyStats: z.array(DailyStatOut), Tasks: z.array(z.object({ Id: int, ObjectId: int, Name: z.string(), From: int, Till: int })).describe('always empty: the simulator plans no tasks') }),
    handler(ctx) {
      const b = ctx.body as Span;
      const objs = objectsFor(ctx, b);
      return json({ DriverSessions: driverSessions(ctx.sim, objs, b.From, b.Till), DailyStats: dailyStats(ctx.sim, objs, b.From, b.Till), Tasks: [] });
    },
  },
  ...(['DriverSessions', 'DailyStat', 'Events'] as const).flatMap((kind): Route[] => {
    const response = kind === 'DriverSessions' ? z.array(SessionOut) : kind === 'DailyStat' ? z.array(DailyStatOut) : z.array(EventOut);
    const run = (ctx: Ctx, b: Span): unknown => {
      const objs = objectsFor(ctx, b);
      if (kind === 'DriverSessions') return driverSessions(ctx.sim, objs, b.From, b.Till);
      if (kind === 'DailyStat') return dailyStats(ctx.sim, objs, b.From, b.Till);
      return eventsBetween(ctx.sim, objs, b.From, b.Till).map(({ o, e }) => toJson(ctx.sim, o, e));
    };
    return [
      { method: 'POST', path: `/api/ObjectsHistory/${kind}`, tag: 'History', summary: `${kind} over an interval (ObjectIds, or all the user's objects)`, body: ObjectsIntervalIn, response, errors: [400, 404], handler: (ctx) => json(run(ctx, ctx.body as Span)) },
      { method: 'POST', path: `/api/ObjectsHistory/${kind}/{objectId}`, tag: 'History', summary: `${kind} of one object over an interval`, body: IntervalIn, response, errors: [400, 404], handler: (ctx) => json(run(ctx, pathObject(ctx))) },
    ];
  }),
  {
    method: 'POST', path: '/api/ObjectsHistory/ParkingMoto', tag: 'History', summary: 'Parkings and engine (ignition) operation over an interval',
    body: ObjectsIntervalIn, response: z.array(ParkingMotoOut), errors: [400, 404],
    handler(ctx) {
      const b = ctx.body as Span;
      return json(objectsFor(ctx, b).map((o) => ({
        ObjectId: o.Id,
        Parkings: spans(ctx.sim.tracker, o.Id, b.From, b.Till).filter((s) => !s.move).map((s) => {
          const f = ctx.sim.tracker.fixAt(o.Id, s.from);
          return { From: s.from, Till: s.till, Duration: Math.round((s.till - s.from) / 1000), Lat: f.Lat, Lng: f.Lng };
        }),
        EngineIntervals: ignitionIntervals(ctx.sim, o.Id, b.From, b.Till),
      })));
    },
  },
  {
    method: 'POST', path: '/api/ObjectPackets', tag: 'History', summary: 'Packets from the device as received (NMEA RMC text), at most one day per request',
    body: z.object({ ObjectId: int, From: int, Till: int }), errors: [400, 404],
    response: z.array(z.object({ ObjectId: int, Time: int, Raw: z.string() })),
    handler(ctx) {
      const b = ctx.body as { ObjectId: number; From: number; Till: number };
      if (b.Till <= b.From) throw badRequest('Till must be later than From');
      if (b.Till - b.From > DAY_MS) throw badRequest('ObjectPackets covers at most one day per request');
      const o = ctx.sim.object(ctx.user, b.ObjectId);
      const tr = ctx.sim.tracker;
      const out: { ObjectId: number; Time: number; Raw: string }[] = [];
      for (const s of spans(tr, o.Id, b.From, b.Till)) {
        const step = s.move ? tr.periodMs : 300_000;
        for (let t = Math.ceil(s.from / step) * step; t < s.till; t += step) out.push({ ObjectId: o.Id, Time: t, Raw: nmea(tr.fixAt(o.Id, t)) });
      }
      return json(out);
    },
  },
];

function nmea(f: { Lat: number; Lng: number; Time: number; Speed: number; heading: number }): string {
  const d = new Date(f.Time);
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const ang = (v: number, degDigits: number): string => {
    const a = Math.abs(v);
    const deg = Math.floor(a);
    return String(deg).padStart(degDigits, '0') + ((a - deg) * 60).toFixed(4).padStart(7, '0');
  };
  const body = `GPRMC,${p2(d.getUTCHours())}${p2(d.getUTCMinutes())}${p2(d.getUTCSeconds())}.00,A,${ang(f.Lat, 2)},${f.Lat >= 0 ? 'N' : 'S'},${ang(f.Lng, 3)},${f.Lng >= 0 ? 'E' : 'W'},${(f.Speed / 1.852).toFixed(1)},${f.heading.toFixed(1)},${p2(d.getUTCDate())}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCFullYear() % 100)},,,A`;
  let cs = 0;
  for (const ch of body) cs ^= ch.charCodeAt(0);
  return `$${body}*${cs.toString(16).toUpperCase().padStart(2, '0')}`;
}
