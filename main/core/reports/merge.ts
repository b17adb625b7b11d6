/**
 * The service's report answers, read tolerantly and merged across windows. A report longer
 * than one window arrives as several answers per object; merging must give what one answer
 * over the whole interval would: sums add, the counters' start comes from the first window
 * and the end from the last, and a visit cut by a window edge is joined again.
 */
import type { ReportKind } from '../../../common/methods/reports';

type Rec = Record<string, unknown>;

/** A field by its PascalCase name, or camel or lower case as deployed servers send it. */
export function field(r: Rec, name: string): unknown {
  if (name in r) return r[name];
  const camel = name[0]!.toLowerCase() + name.slice(1);
  if (camel in r) return r[camel];
  const lower = name.toLowerCase();
  return r[lower];
}
export function num(r: Rec, name: string): number {
  const v = field(r, name);
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}
const list = (r: Rec, name: string): Rec[] => {
  const v = field(r, name);
  return Array.isArray(v) ? v.filter((x): x is Rec => !!x && typeof x === 'object') : [];
};
const objectId = (r: Rec): number => num(r, 'ObjectId');

export interface MotoAgg { engine: number; move: number; idle: number; periods: number; edges: number }
export interface Visit { zoneId: number; zone: string; enter: number; exit: number; duration: number }
export interface CountersAgg { odoStart: number; odoEnd: number; mileage: number; ehStart: number; ehEnd: number }
export interface FuelAgg { start: number; end: number; refuelled: number; drained: number; consumed: number; refuels: Array<[number, number]>; drains: Array<[number, number]> }

export type Agg =
  | { kind: 'moto'; v: MotoAgg }
  | { kind: 'geozones'; v: Visit[] }
  | { kind: 'counters'; v: CountersAgg }
  | { kind: 'fuel'; v: FuelAgg };

/** One window's answer, per object. Objects the service left out are absent. */
export function readWindow(kind: ReportKind, answer: unknown, window: { from: number; till: number }): Map<number, Agg> {
  const recs: Rec[] = Array.isArray(answer) ? answer.filter((x): x is Rec => !!x && typeof x === 'object') : [];
  const out = new Map<number, Agg>();
  for (const r of recs) {
    const id = objectId(r);
    if (kind === 'moto') {
      const iv = list(r, 'Intervals');
      // Bit 1: the last period runs to the window's end; bit 2: the first starts at its start.
      const edges = (iv.length && num(iv[iv.length - 1]!, 'Till') === window.till ? 1 : 0) | (iv.length && num(iv[0]!, 'From') === window.from ? 2 : 0);
      out.set(id, { kind, v: { engine: num(r, 'EngineTime'), move: num(r, 'MoveTime'), idle: num(r, 'IdleTime'), periods: iv.length, edges } });
    } else if (kind === 'geozones') {
      const prev = out.get(id);
      const visits = prev?.kind === 'geozones' ? prev.v : [];
      visits.push({ zoneId: num(r, 'GeozoneId'), zone: String(field(r, 'GeozoneName') ?? ''), enter: num(r, 'Enter'), exit: num(r, 'Exit'), duration: num(r, 'Duration') });
      out.set(id, { kind, v: visits });
    } else if (kind === 'counters') {
      out.set(id, { kind, v: { odoStart: num(r, 'OdometerStart'), odoEnd: num(r, 'OdometerEnd'), mileage: num(r, 'Mileage'), ehStart: num(r, 'EngineHoursStart'), ehEnd: num(r, 'EngineHoursEnd') } });
    } else {
      const marks = (name: string): Array<[number, number]> => list(r, name).map((m) => [num(m, 'Time'), num(m, 'Volume')]);
      out.set(id, { kind, v: { start: num(r, 'StartLevel'), end: num(r, 'EndLevel'), refuelled: num(r, 'Refuelled'), drained: num(r, 'Drained'), consumed: num(r, 'Consumed'), refuels: marks('Refuels'), drains: marks('Drains') } });
    }
  }
  return out;
}

const r1 = (v: number): number => Math.round(v * 100) / 100;

/** Merges one object's answers of consecutive windows, given in time order. */
export function mergeWindows(kind: ReportKind, parts: ReadonlyArray<{ from: number; till: number; agg: Agg | undefined }>): Agg | undefined {
  const got = parts.filter((p): p is { from: number; till: number; agg: Agg } => p.agg !== undefined && p.agg.kind === kind);
  if (got.length === 0) return undefined;
  if (got.length === 1) return got[0]!.agg;
  if (kind === 'moto') {
    const v: MotoAgg = { engine: 0, move: 0, idle: 0, periods: 0, edges: 0 };
    let openAtEdge = false;
    for (const { agg } of got) {
      const a = agg.v as MotoAgg;
      v.engine += a.engine;
      v.move += a.move;
      v.idle += a.idle;
      // A period running across the edge is one period, not two.
      v.periods += a.periods - (openAtEdge && a.edges & 2 ? 1 : 0);
      openAtEdge = (a.edges & 1) === 1;
    }
    return { kind, v };
  }
  if (kind === 'geozones') {
    const visits: Visit[] = [];
    for (const { from, agg } of got) {
      for (const x of agg.v as Visit[]) {
        const open = visits.findLast((p) => p.zoneId === x.zoneId);
        if (open && open.exit === 0 && x.enter === from) {
          open.exit = x.exit;
          open.duration += x.duration;
        } else visits.push({ ...x });
      }
    }
    return { kind, v: visits };
  }
  if (kind === 'counters') {
    const first = got[0]!.agg.v as CountersAgg;
    const last = got[got.length - 1]!.agg.v as CountersAgg;
    const mileage = got.reduce((s, p) => s + (p.agg.v as CountersAgg).mileage, 0);
    return { kind, v: { odoStart: first.odoStart, odoEnd: last.odoEnd, mileage: r1(mileage), ehStart: first.ehStart, ehEnd: last.ehEnd } };
  }
  const f = got.map((p) => p.agg.v as FuelAgg);
  return {
    kind,
    v: {
      start: f[0]!.start,
      end: f[f.length - 1]!.end,
      refuelled: r1(f.reduce((s, x) => s + x.refuelled, 0)),
      drained: r1(f.reduce((s, x) => s + x.drained, 0)),
      consumed: r1(f.reduce((s, x) => s + x.consumed, 0)),
      refuels: f.flatMap((x) => x.refuels),
      drains: f.flatMap((x) => x.drains),
    },
  };
}
