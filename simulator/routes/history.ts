/**
 * POST /api/ObjectsHistory. The track is streamed interval by interval and point batch by
 * point batch, so a month of 1 Hz data (millions of points) is never held whole in memory.
 */
import { badRequest } from '../http/errors';
import type { Ctx, Route } from '../http/route';
import { spans, sampleTimes } from '../motion/intervals';
import { filesBetween, sensorHistory, violations } from '../motion/history-data';
import type { Sim } from '../sim';
import { DAY_MS } from '../world/generate';
import type { ObjectRec } from '../world/types';
import { HistoryIn, HistoryOut } from '../schemas/history';
import { eventsBetween, toJson } from './event-list';
import { AsciiBytes } from '../util/ascii-bytes';
import { importedBetween, type ImportedPosition } from './history-import';

export function checkInterval(sim: Sim, from: number, till: number): void {
  if (till <= from) throw badRequest('Till must be later than From');
  const max = sim.opts.historyMaxDays;
  if (till - from > max * DAY_MS) throw badRequest(`The interval exceeds ${max} days`);
}

function* historyChunks(sim: Sim, o: ObjectRec, from: number, till: number): Generator<string | Buffer> {
  const tr = sim.tracker;
  const period = tr.periodMs;
  yield '{"Track":{"Intervals":[';
  let sep = '';
  for (const sp of withImported(spans(tr, o.Id, from, till), importedBetween(sim, o.Id, from, till))) {
    if (sp.imported) {
      yield `${sep}{"From":${sp.from},"Till":${sp.till},"Positions":${JSON.stringify(sp.imported.map((p) => ({ Lat: p.Lat, Lng: p.Lng, Alt: p.Alt ?? 0, Time: p.Time, Speed: p.Speed ?? 0, heading: p.Heading ?? 0, Sat: 0 })))}}`;
    } else if (!sp.move) {
      const f = tr.fixAt(o.Id, sp.from);
      yield `${sep}{"From":${sp.from},"Till":${sp.till},"Position":{"Lat":${f.Lat},"Lng":${f.Lng},"Alt":${f.Alt}}}`;
    } else {
      yield `${sep}{"From":${sp.from},"Till":${sp.till},"Positions":[`;
      // Bytes, not strings: see util/ascii-bytes.ts. Lat/Lng carry 6 decimals (round6), Speed 1.
      const w = new AsciiBytes();
      let psep = '{"Lat":';
      for (const t of sampleTimes(sp.from, sp.till, period)) {
        const f = tr.fixAt(o.Id, t);
        w.text(psep).decimal(f.Lat, 6).text(',"Lng":').decimal(f.Lng, 6).text(',"Alt":').int(f.Alt).text(',"Time":').int(t);
        w.text(',"Speed":').decimal(f.Speed, 1).text(',"heading":').int(f.heading).text(',"Sat":').int(f.Sat).text('}');
        psep = ',{"Lat":';
        if (w.full) yield w.take();
      }
      if (w.length) yield w.take();
      yield ']}';
    }
    sep = ',';
  }
  const evs = eventsBetween(sim, [o], from, till);
  const raw = evs.map((x) => x.e);
  yield `]},"Events":${JSON.stringify(evs.map(({ e }) => toJson(sim, o, e)))}`;
  yield `,"Files":${JSON.stringify(filesBetween(sim, o, raw, from, till))}`;
  yield `,"Sensors":${JSON.stringify(sensorHistory(sim, o, from, till))}`;
  yield `,"Violations":${JSON.stringify(violations(sim, o, raw))}}`;
}

type ImportedSpan = { from: number; till: number; move: true; imported: ImportedPosition[] };

/**
 * Imported positions replace the generated track over the time they cover. A movement span
 * holds its end time as a sample, so the span before the import ends a millisecond early:
 * ending at the first imported time would send that time twice.
 */
function withImported<S extends { from: number; till: number }>(list: S[], imp: ImportedPosition[]): ((S & { imported?: undefined }) | ImportedSpan)[] {
  if (!imp.length) return list;
  const a = imp[0]!.Time;
  const b = imp[imp.length - 1]!.Time + 1;
  const out: ((S & { imported?: undefined }) | ImportedSpan)[] = [];
  for (const sp of list) {
    if (sp.from < a) out.push({ ...sp, till: Math.min(sp.till, a - 1) });
    if (sp.till > b) out.push({ ...sp, from: Math.max(sp.from, b) });
  }
  out.push({ from: a, till: b, move: true, imported: imp });
  return out.sort((x, y) => x.from - y.from);
}

export const historyRoutes: Route[] = [
  {
    method: 'POST', path: '/api/ObjectsHistory', tag: 'History',
    summary: 'Track (movement intervals with Positions, parking intervals with Position), events, files, sensors, violations; 400 beyond the month limit',
    body: HistoryIn, response: HistoryOut, errors: [400, 404],
    handler(ctx: Ctx) {
      const b = ctx.body as { ObjectId: number; From: number; Till: number };
      checkInterval(ctx.sim, b.From, b.Till);
      const o = ctx.sim.object(ctx.user, b.ObjectId);
      return { stream: historyChunks(ctx.sim, o, b.From, b.Till) };
    },
  },
];
