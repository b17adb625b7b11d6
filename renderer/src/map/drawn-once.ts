/**
 * Things a frame draws once and keeps (sprites.ts), made within a time budget per frame.
 * Apart from the canvas, so Node's tests hold the rules.
 *
 * Why a budget: zooming out over a large fleet brought hundreds of cluster rings not drawn
 * before into one frame (decision 0063). Past the budget a frame draws the plain form it is
 * given (a disc without its ring, a dot without its arrow) and keeps what it left for
 * `makeWaiting`: the layer makes them over the next frames' time without redrawing every
 * object each frame, then draws once with all of them.
 */

/** Where the kept things live: a Map, or an LRUCache that drops those used longest ago. */
export interface Shelf<K, S> {
  get(key: K): S | undefined;
  set(key: K, value: S): unknown;
}

/** At most this many things wait per shelf. */
const MAX_WAITING = 512;

export class DrawnOnce {
  /** Things the current frame drew in their plain form for want of time. */
  missed = 0;
  private until = Infinity;
  /** What frames left for want of time, by shelf and key: each made once. */
  private readonly waiting = new Map<Shelf<unknown, unknown>, Map<unknown, () => unknown>>();

  constructor(
    private readonly budgetMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Once per frame, before it draws: starts its time for new things. */
  beginFrame(): void {
    this.until = this.clock() + this.budgetMs;
    this.missed = 0;
  }

  /**
   * The kept thing, else `draw()` kept, within the frame's time; past it `plain()`, or
   * `draw()` anyway when there is no plain form.
   */
  get<K, S>(shelf: Shelf<K, S>, key: K, draw: () => S, plain?: () => S): S {
    const kept = shelf.get(key);
    if (kept !== undefined) return kept;
    if (plain && this.clock() > this.until) {
      this.missed++;
      let left = this.waiting.get(shelf as Shelf<unknown, unknown>);
      if (!left) this.waiting.set(shelf as Shelf<unknown, unknown>, (left = new Map()));
      left.set(key, draw);
      // The views of a long pan can leave more than a shelf keeps: the oldest wait no more.
      if (left.size > MAX_WAITING) left.delete(left.keys().next().value);
      return plain();
    }
    const made = draw();
    shelf.set(key, made);
    return made;
  }

  /** How many things wait to be made. */
  get waitingCount(): number {
    let n = 0;
    for (const left of this.waiting.values()) n += left.size;
    return n;
  }

  /** Makes waiting things within this frame's time (after `beginFrame`); true while some still wait. */
  makeWaiting(): boolean {
    for (const [shelf, left] of this.waiting) {
      for (const [key, draw] of left) {
        if (this.clock() > this.until) return true;
        left.delete(key);
        if (shelf.get(key) === undefined) shelf.set(key, draw());
      }
      this.waiting.delete(shelf);
    }
    return false;
  }
}
