/**
 * The replay clock driving the cursor on animation frames (the arithmetic is player.ts).
 * The cursor is an external store, so only what shows it re-renders, not the screen.
 */
import { advance, type Span } from './player';
import { ValueStore } from '../value-store';

type Listener = () => void;

/** The moment the screen shows: the map's marker, the timeline's line, the charts' lines. */
export class Cursor extends ValueStore<number> {
  constructor() {
    super(0);
  }
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
