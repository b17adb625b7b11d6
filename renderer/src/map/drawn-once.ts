/**
 * Things a frame draws once and keeps (sprites.ts), made within a time budget per frame.
 * Apart from the canvas, so Node's tests hold the rules.
 *
 * Why a budget: zooming out over a large fleet brought hundreds of cluster rings not drawn
 * before into one frame (decision 0063). Past the budget a frame draws the plain form it is
 * given (a disc without its ring, a dot without its arrow), and `missed` tells the layer to
 * draw again on the next frame, which makes more.
 */

/** Where the kept things live: a Map, or an LRUCache that drops those used longest ago. */
export interface Shelf<K, S> {
  get(key: K): S | undefined;
  set(key: K, value: S): unknown;
}

export class DrawnOnce {
  /** Things the current frame drew in their plain form for want of time. */
  missed = 0;
  private until = Infinity;

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
      return plain();
    }
    const made = draw();
    shelf.set(key, made);
    return made;
  }
}
