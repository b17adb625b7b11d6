/**
 * Refuels and drains in a fuel-level series.
 *
 * A refuel is a rise of at least `minDelta` within an hour: consumption never raises the level.
 * A drain is a fall that consumption does not explain: the size of a fall alone says nothing
 * (a bus drives 14 l away in a quarter of an hour), so each step between two readings is
 * allowed what the vehicle could have burnt in it, and only the unexplained remainder counts:
 * - driving: three times the vehicle's own litres per kilometre (all the falls of the series
 *   over the kilometres driven while they happened) times the kilometres of the step;
 * - engine on: an idling allowance per hour; engine off: only a probe's drift per hour.
 * A drain is a fall of at least `minDelta` within an hour of which consumption explains at most
 * half: a siphoning of several litres while parked, or a fall far steeper than consumption while
 * driving. (Half, not none: a 5 l siphoning over 10 min parked is allowed a probe's drift.)
 *
 * One pass keeps the lowest level and unexplained fall of the last hour in monotone queues:
 * linear in the readings (a month at 1 Hz is 2.6 M of them) and in the track's points.
 */
export interface FuelJump {
  kind: 'refuel' | 'drain';
  /** Time of the first and last reading of the step. */
  from: number;
  till: number;
  /** Level before and after. */
  before: number;
  after: number;
  /** after − before (positive for a refuel). */
  delta: number;
}

export interface FuelOptions {
  /** Smallest change reported, in the series' units (default: 5, or 4 % of the level range if more). */
  minDelta?: number;
  /** Readings further apart than this are not compared (a gap in the data is not a drain). */
  maxGapMs?: number;
  /**
   * The object's track over the same interval: times and cumulative metres (the model's `cum`).
   * Without it, consumption is judged per hour from the series itself (three times its mean
   * rate of fall), which cannot tell a drain while parked from driving: pass it whenever known.
   */
  track?: { time: ArrayLike<number>; cum: ArrayLike<number> };
  /** The ignition's on/off readings (held until the next); without it, the engine runs while the track moves. */
  ignition?: { time: ArrayLike<number>; value: ArrayLike<number> };
}

/** How many times the vehicle's mean consumption one step may burn before the rest is a drain. */
const CONSUMPTION_FACTOR = 3;
/** Litres per kilometre assumed at least (a small car; an interval with little driving gives no estimate). */
const MIN_PER_KM = 0.1;
/** Per hour with the engine on: idling, a reefer or PTO (a siphon takes that in minutes). */
const IDLE_PER_H = 6;
/** Per hour with the engine off: a probe's drift and the fuel's contraction as it cools. */
const DRIFT_PER_H = 0.5;
/** A rise or unexplained fall counts only within this long. */
const WINDOW_MS = 3600_000;
/** An event ends this long after its level last moved its way. */
const SETTLE_MS = 15 * 60_000;

export function detectFuelJumps(time: ArrayLike<number>, value: ArrayLike<number>, opts: FuelOptions = {}): FuelJump[] {
  const len = Math.min(time.length, value.length);
  let lo = Infinity;
  let hi = -Infinity;
  let readable = 0;
  for (let i = 0; i < len; i++) {
    const x = value[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(time[i]!)) continue;
    readable++;
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (readable < 2) return [];
  const minDelta = opts.minDelta ?? Math.max(5, 0.04 * (hi - lo));
  const maxGap = opts.maxGapMs ?? 30 * 60_000;
  const rate = consumptionRate(time, value, len, maxGap, opts.track);

  // One pass, and no array as long as the series: a month at 1 Hz is 21 MB a column, and
  // filling fresh ones costs more than the scan itself.
  const km = opts.track ? new Distance(opts.track) : null;
  const ign = opts.ignition ? new Held(opts.ignition) : null;
  const rises = new Climb(minDelta, maxGap);
  const falls = new Climb(minDelta / 2, maxGap);
  let prev = -1;
  let prevKm = 0;
  let prevOn = false;
  let u = 0;
  for (let i = 0; i < len; i++) {
    const x = value[i]!;
    const ti = time[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(ti)) continue;
    const k = km ? km.at(ti) : 0;
    const on = ign ? ign.at(ti) === 1 : false;
    if (prev >= 0) {
      const h = (ti - time[prev]!) / 3600_000;
      let allowed: number;
      if (km) {
        const dk = Math.max(0, k - prevKm);
        const running = prevOn || on || dk > 0;
        allowed = CONSUMPTION_FACTOR * rate * dk + (running ? IDLE_PER_H : DRIFT_PER_H) * h;
      } else allowed = CONSUMPTION_FACTOR * rate * h;
      // Cumulative fall that consumption does not explain: a drain is where it climbs.
      u += value[prev]! - x - allowed;
    }
    rises.push(i, ti, x);
    falls.push(i, ti, u);
    prev = i;
    prevKm = k;
    prevOn = on;
  }
  const out: FuelJump[] = [];
  for (const [kind, pairs] of [['refuel', rises.finish()], ['drain', falls.finish()]] as const) {
    for (let j = 0; j < pairs.length; j += 2) {
      const a = pairs[j]!;
      const b = pairs[j + 1]!;
      const delta = value[b]! - value[a]!;
      if (Math.abs(delta) >= minDelta) out.push({ kind, from: time[a]!, till: time[b]!, before: value[a]!, after: value[b]!, delta });
    }
  }
  out.sort((a, b) => a.from - b.from);
  return out;
}

/**
 * The vehicle's own consumption: falls over the kilometres driven meanwhile (or, without a
 * track, litres an hour over the hours they took). Drains in it only make it more lenient.
 */
function consumptionRate(time: ArrayLike<number>, value: ArrayLike<number>, len: number, maxGap: number, track: FuelOptions['track']): number {
  const km = track ? new Distance(track) : null;
  let fell = 0;
  let over = 0;
  let prev = -1;
  let prevKm = 0;
  for (let i = 0; i < len; i++) {
    const x = value[i]!;
    const ti = time[i]!;
    if (!Number.isFinite(x) || !Number.isFinite(ti)) continue;
    const k = km ? km.at(ti) : 0;
    if (prev >= 0) {
      const dt = ti - time[prev]!;
      const d = value[prev]! - x;
      if (dt <= maxGap && d > 0) {
        if (!km) {
          fell += d;
          over += dt / 3600_000;
        } else if (k > prevKm) {
          fell += d;
          over += k - prevKm;
        }
      }
    }
    prev = i;
    prevKm = k;
  }
  if (km) return Math.max(MIN_PER_KM, over > 1 ? fell / over : 0);
  return over > 0 ? fell / over : 0;
}

/**
 * Where a score climbs by `rise` or more above its lowest of the last hour (a monotone queue
 * of the readings since): the lowest reading and the highest one reached before the score
 * settles (no new high for SETTLE_MS) or falls back by half of `rise`, as pairs of indices.
 * A gap over `maxGap` starts afresh.
 */
class Climb {
  private found: number[] = [];
  private qi = new Int32Array(256);
  private qt = new Float64Array(256);
  private qs = new Float64Array(256);
  /** Ring buffer: head and tail count up, masked into the arrays. */
  private head = 0;
  private tail = 0;
  private lastT = NaN;
  private start = -1;
  private peak = -1;
  private peakT = 0;
  private peakS = 0;

  constructor(
    private readonly rise: number,
    private readonly maxGap: number,
  ) {}

  push(i: number, t: number, score: number): void {
    if (t - this.lastT > this.maxGap) {
      this.close();
      this.head = this.tail = 0;
    }
    this.lastT = t;
    if (this.start >= 0) {
      if (score > this.peakS) {
        this.peak = i;
        this.peakT = t;
        this.peakS = score;
        return;
      }
      if (t - this.peakT <= SETTLE_MS && this.peakS - score < this.rise / 2) return;
      this.close();
      this.head = this.tail = 0;
    }
    let mask = this.qi.length - 1;
    while (this.tail > this.head && this.qs[(this.tail - 1) & mask]! >= score) this.tail--;
    if (this.tail - this.head === this.qi.length) mask = this.grow();
    const k = this.tail++ & mask;
    this.qi[k] = i;
    this.qt[k] = t;
    this.qs[k] = score;
    while (t - this.qt[this.head & mask]! > WINDOW_MS) this.head++;
    const low = this.head & mask;
    if (score - this.qs[low]! >= this.rise) {
      this.start = this.qi[low]!;
      this.peak = i;
      this.peakT = t;
      this.peakS = score;
    }
  }

  finish(): number[] {
    this.close();
    return this.found;
  }

  private close(): void {
    if (this.start >= 0) this.found.push(this.start, this.peak);
    this.start = -1;
  }

  private grow(): number {
    const size = this.qi.length;
    const qi = new Int32Array(size * 2);
    const qt = new Float64Array(size * 2);
    const qs = new Float64Array(size * 2);
    for (let j = this.head; j < this.tail; j++) {
      const from = j & (size - 1);
      const to = j - this.head;
      qi[to] = this.qi[from]!;
      qt[to] = this.qt[from]!;
      qs[to] = this.qs[from]!;
    }
    this.tail -= this.head;
    this.head = 0;
    this.qi = qi;
    this.qt = qt;
    this.qs = qs;
    return size * 2 - 1;
  }
}

/** Kilometres driven by a time (the track interpolated; flat outside it), asked in time order. */
class Distance {
  private j = 0;
  private readonly m: number;
  constructor(private readonly track: { time: ArrayLike<number>; cum: ArrayLike<number> }) {
    this.m = Math.min(track.time.length, track.cum.length);
  }

  at(t: number): number {
    const { time, cum } = this.track;
    const m = this.m;
    if (m === 0) return 0;
    let j = this.j;
    while (j + 1 < m && time[j + 1]! <= t) j++;
    this.j = j;
    if (t <= time[j]! || j + 1 >= m) return cum[j]! / 1000;
    const t0 = time[j]!;
    return (cum[j]! + ((cum[j + 1]! - cum[j]!) * (t - t0)) / (time[j + 1]! - t0)) / 1000;
  }
}

/** An on/off sensor's state at a time, asked in time order: 1 on, 0 off, -1 unknown (before its first reading). */
class Held {
  private j = -1;
  private readonly m: number;
  constructor(private readonly s: { time: ArrayLike<number>; value: ArrayLike<number> }) {
    this.m = Math.min(s.time.length, s.value.length);
  }

  at(t: number): number {
    const { time, value } = this.s;
    let j = this.j;
    while (j + 1 < this.m && time[j + 1]! <= t) j++;
    this.j = j;
    return j < 0 ? -1 : value[j]! > 0 ? 1 : 0;
  }
}
