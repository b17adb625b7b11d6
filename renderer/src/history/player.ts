/**
 * The replay clock. Simulated time advances speed × real elapsed time on every animation
 * frame, carried as a float, so nothing is dropped: at 1000× a real second is 1000
 * simulated seconds whatever the frame rate. The cursor it drives is an external store,
 * so only what shows the cursor re-renders, not the whole screen.
 */
export const PLAYER_SPEEDS = [1, 2, 5, 10, 30, 60, 100, 300, 1000] as const;

export interface Span {
  from: number;
  till: number;
}

/** The parking that contains t, by binary search over sorted, disjoint spans. */
export function spanAt(spans: readonly Span[], t: number): Span | null {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid]!;
    if (t < s.from) hi = mid - 1;
    else if (t >= s.till) lo = mid + 1;
    else return s;
  }
  return null;
}

/** Next cursor time after `dtMs` of real time; parkings are skipped whole when asked. */
export function advance(t: number, dtMs: number, speed: number, end: number, parkings: readonly Span[] = [], skipParkings = false): number {
  let next = t + dtMs * speed;
  if (skipParkings) {
    const p = spanAt(parkings, next);
    if (p) next = p.till;
  }
  return Math.min(end, next);
}

type Listener = () => void;

export class Cursor {
  private t = 0;
  private readonly listeners = new Set<Listener>();
  get = (): number => this.t;
  set(t: number): void {
    if (t === this.t) return;
    this.t = t;
    for (const l of this.listeners) l();
  }
  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

export interface PlayerState {
  playing: boolean;
  speed: number;
  skipParkings: boolean;
  follow: boolean;
}

export class Player {
  state: PlayerState = { playing: false, speed: 100, skipParkings: false, follow: true };
  from = 0;
  till = 0;
  parkings: readonly Span[] = [];
  private frame = 0;
  private last = 0;
  private readonly listeners = new Set<Listener>();

  constructor(readonly cursor: Cursor) {}

  subscribe = (l: Listener): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getState = (): PlayerState => this.state;

  private patch(p: Partial<PlayerState>): void {
    this.state = { ...this.state, ...p };
    for (const l of this.listeners) l();
  }

  setSpeed(speed: number): void {
    this.patch({ speed });
  }
  setSkipParkings(skipParkings: boolean): void {
    this.patch({ skipParkings });
  }
  setFollow(follow: boolean): void {
    this.patch({ follow });
  }

  play(): void {
    if (this.state.playing || this.till <= this.from) return;
    if (this.cursor.get() >= this.till) this.cursor.set(this.from);
    this.patch({ playing: true });
    this.last = performance.now();
    this.frame = requestAnimationFrame(this.tick);
  }

  pause(): void {
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.state.playing) this.patch({ playing: false });
  }

  private tick = (now: number): void => {
    // A hidden tab gets no frames; resuming must not jump by the whole time away.
    const dt = Math.min(now - this.last, 1000);
    this.last = now;
    const s = this.state;
    const t = advance(this.cursor.get(), Math.max(0, dt), s.speed, this.till, this.parkings, s.skipParkings);
    this.cursor.set(t);
    if (t >= this.till) this.pause();
    else this.frame = requestAnimationFrame(this.tick);
  };
}
