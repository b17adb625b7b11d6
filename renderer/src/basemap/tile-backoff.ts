/**
 * When the map stops asking for tiles, and when it asks again. Offline, every pan used to
 * ask for a screenful of tiles that all failed (dozens of failed requests a page, a blank
 * field, nothing said). After a run of failures with no tile arriving, the source is taken
 * as down: the map asks for no tile, one tile is tried again after a delay that doubles
 * each time it still fails (up to a ceiling), and as soon as one answers, tiles are back.
 */
export interface TileBackoffOptions {
  /** Failures in a row, with no tile arriving between them, that take the source as down. */
  threshold?: number;
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** One try of the source: resolves true when a tile came back. */
  probe: () => Promise<boolean>;
  onChange: (down: boolean) => void;
  setTimer?: (f: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
  now?: () => number;
}

/**
 * Down again this soon after coming back, the next try waits longer than the last, not the
 * first delay: a tried tile the main side's cache held can bring tiles "back" while the
 * source is still gone, and each coming back asks for a screenful.
 */
const FLAP_MS = 30_000;

export class TileBackoff {
  private failures = 0;
  private isDown = false;
  private delay: number;
  private timer: unknown = null;
  private upAt = Number.NEGATIVE_INFINITY;
  /** Bumped on reset, so a probe begun before answers nothing after. */
  private epoch = 0;
  private readonly threshold: number;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly setTimer: (f: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;

  constructor(private readonly o: TileBackoffOptions) {
    this.threshold = o.threshold ?? 4;
    this.firstDelayMs = o.firstDelayMs ?? 2_000;
    this.maxDelayMs = o.maxDelayMs ?? 30_000;
    this.delay = this.firstDelayMs;
    this.setTimer = o.setTimer ?? ((f, ms) => setTimeout(f, ms));
    this.clearTimer = o.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  get down(): boolean {
    return this.isDown;
  }

  /** The delay before the next try while down (the bench and tests read it). */
  get nextDelayMs(): number {
    return this.delay;
  }

  /**
   * A tile arrived. While down it says nothing of the source (the main side's cache may
   * have had it): only a try of a tile that failed brings tiles back.
   */
  loaded(): void {
    if (!this.isDown) this.failures = 0;
  }

  /** A tile could not be had. */
  failed(): void {
    if (this.isDown) return;
    if (++this.failures >= this.threshold) this.startDown();
  }

  /** Taken as down from the start (the main side saw the source fail): try one tile after the first delay. */
  startDown(): void {
    if (this.isDown) return;
    this.isDown = true;
    const now = (this.o.now ?? Date.now)();
    this.delay = now - this.upAt < FLAP_MS ? Math.min(this.delay * 2, this.maxDelayMs) : this.firstDelayMs;
    this.o.onChange(true);
    this.schedule();
  }

  /** A new source, or the map going away: forget the failures, stop trying. */
  reset(): void {
    this.epoch++;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.failures = 0;
    this.delay = this.firstDelayMs;
    if (this.isDown) {
      this.isDown = false;
      this.o.onChange(false);
    }
  }

  private schedule(): void {
    const epoch = this.epoch;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.o.probe().then(
        (ok) => this.answered(epoch, ok),
        () => this.answered(epoch, false),
      );
    }, this.delay);
  }

  private answered(epoch: number, ok: boolean): void {
    if (epoch !== this.epoch || !this.isDown) return;
    if (ok) return this.up();
    this.delay = Math.min(this.delay * 2, this.maxDelayMs);
    this.schedule();
  }

  private up(): void {
    this.epoch++;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.isDown = false;
    this.failures = 0;
    this.upAt = (this.o.now ?? Date.now)();
    this.o.onChange(false);
  }
}
