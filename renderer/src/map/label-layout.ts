/**
 * Where object names go on the live map: a name is drawn only where it does not overlap a
 * name already placed in the frame, as map labels are everywhere (the object's dot still
 * shows, and the list and the details name it).
 *
 * Why: text is the dearest thing a software-rendered canvas draws. At street zoom in a
 * dense depot every frame stroked and filled hundreds of names (a halo and the text), most
 * on top of each other: the bulk of the live map's longest tasks. Widths are measured once
 * per name; only the names that fit are drawn.
 */

/** What measuring needs of a 2D context (structural, so the pure grid below is testable in Node). */
export interface TextMeasurer {
  font: string;
  measureText(text: string): { width: number };
}

/**
 * Text widths by name for one font, measured once (a name's width does not change).
 *
 * The first measure of a name is the dear part (shaping: about 20 µs each here), and
 * zooming out to label zoom over a dense depot used to measure thousands in one frame: the
 * live map's longest tasks (100–200 ms of `measureText` each in the bench's profile). So
 * names are measured ahead while the page is idle (`warm`), and a frame measures for at
 * most `FRAME_BUDGET_MS`: a name not measured by then is left out of that frame (its dot
 * still shows) and waits for the next (object-paint.ts adds the waiting names).
 */
export class LabelWidths {
  static readonly FRAME_BUDGET_MS = 4;
  private readonly widths = new Map<string, number>();
  private font = '';
  private until = Infinity;
  /** Names this frame left out for want of time. */
  missed = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Once per frame, after setting the font (reading ctx.font per name cost more than the lookup). */
  begin(ctx: TextMeasurer): void {
    this.useFont(ctx);
    this.until = this.clock() + LabelWidths.FRAME_BUDGET_MS;
    this.missed = 0;
  }

  /** The name's width; undefined when it is not known and this frame's time for measuring is spent (unless `always`). */
  width(ctx: TextMeasurer, name: string, always = false): number | undefined {
    const known = this.widths.get(name);
    if (known !== undefined) return known;
    if (!always && this.clock() > this.until) {
      this.missed++;
      return undefined;
    }
    return this.measure(ctx, name);
  }

  /**
   * Measures names ahead until `timeLeft()` (an idle callback's) runs low. True when
   * `names` is done; else pass the same iterator again in the next idle period.
   */
  warm(ctx: TextMeasurer, names: Iterator<string>, timeLeft: () => number): boolean {
    this.useFont(ctx);
    while (timeLeft() > 1) {
      const next = names.next();
      if (next.done) return true;
      if (next.value && !this.widths.has(next.value)) this.measure(ctx, next.value);
    }
    return false;
  }

  private useFont(ctx: TextMeasurer): void {
    if (ctx.font !== this.font) {
      this.widths.clear();
      this.font = ctx.font;
    }
  }

  private measure(ctx: TextMeasurer, name: string): number {
    // Bounded: a fleet's names, cleared when the font changes.
    if (this.widths.size > 200_000) this.widths.clear();
    const w = ctx.measureText(name).width;
    this.widths.set(name, w);
    return w;
  }
}

/** Which label boxes are taken in this frame, on a grid of CELL-pixel squares. */
export class LabelGrid {
  private static readonly CELL = 8;
  private readonly cols: number;
  private readonly rows: number;
  private readonly taken: Uint8Array;

  constructor(w: number, h: number) {
    this.cols = Math.max(1, Math.ceil(w / LabelGrid.CELL));
    this.rows = Math.max(1, Math.ceil(h / LabelGrid.CELL));
    this.taken = new Uint8Array(this.cols * this.rows);
  }

  /**
   * Whether a box whose left edge runs from (x, y) down `h` pixels could be placed at any
   * width: when a cell of that edge is taken, no width fits, and the name need not be measured.
   */
  edgeFree(x: number, y: number, h: number): boolean {
    const C = LabelGrid.CELL;
    const c = Math.floor(x / C);
    if (c < 0 || c >= this.cols) return true;
    const r0 = Math.max(0, Math.floor(y / C));
    const r1 = Math.min(this.rows - 1, Math.floor((y + h - 1) / C));
    for (let r = r0; r <= r1; r++) if (this.taken[r * this.cols + c]) return false;
    return true;
  }

  /** Takes the box if no part of it is taken (parts outside the frame are free). */
  place(x: number, y: number, w: number, h: number): boolean {
    const C = LabelGrid.CELL;
    const c0 = Math.max(0, Math.floor(x / C));
    const c1 = Math.min(this.cols - 1, Math.floor((x + w - 1) / C));
    const r0 = Math.max(0, Math.floor(y / C));
    const r1 = Math.min(this.rows - 1, Math.floor((y + h - 1) / C));
    if (c0 > c1 || r0 > r1) return true;
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (this.taken[r * this.cols + c]) return false;
    for (let r = r0; r <= r1; r++) this.taken.fill(1, r * this.cols + c0, r * this.cols + c1 + 1);
    return true;
  }
}

/** What drawing a name needs of a 2D context (structural, as TextMeasurer). */
export interface LabelCanvas extends TextMeasurer {
  strokeText(text: string, x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
}

/** What drawing names again outside a box needs of a 2D context. */
export interface ClippingLabelCanvas extends LabelCanvas {
  save(): void;
  restore(): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  clip(rule: 'evenodd'): void;
}

/** A name and the point it is drawn beside. */
interface PlacedName {
  name: string;
  x: number;
  y: number;
}

/**
 * One frame's names: each drawn left of its point, centred on it, where its box (with the
 * halo) is free. A name not measured in the frame's time waits, and `drawWaiting` adds the
 * waiting names on a later frame over the same pixels, in the same grid and order: redrawing
 * every object to add a few names cost a dense redraw per frame until all were measured.
 */
export class FrameLabels {
  private readonly grid: LabelGrid;
  /** Names not measured in time, with their places. */
  private waitingNames: PlacedName[] = [];
  /** The names drawn, with their places: a frame drawn in parts draws some again (object-split.ts). */
  private readonly drawn: PlacedName[] = [];

  constructor(
    private readonly widths: LabelWidths,
    w: number,
    h: number,
  ) {
    this.grid = new LabelGrid(w, h);
  }

  /** Names waiting to be measured. */
  get waiting(): number {
    return this.waitingNames.length;
  }

  /** True when the name was drawn (`always`: measured now, whatever the frame's time). */
  draw(ctx: LabelCanvas, name: string | undefined, x: number, y: number, always = false): boolean {
    // A box whose left edge is taken fits at no width: in a dense depot most names end here, unmeasured.
    if (!name || !this.grid.edgeFree(x - 2, y - 8, 16)) return false;
    const w = this.widths.width(ctx, name, always);
    if (w === undefined) {
      this.waitingNames.push({ name, x, y });
      return false;
    }
    if (!this.grid.place(x - 2, y - 8, w + 4, 16)) return false;
    ctx.strokeText(name, x, y);
    ctx.fillText(name, x, y);
    this.drawn.push({ name, x, y });
    return true;
  }

  /** Draws again the names drawn so far, only outside `keep` (a `w` × `h` frame's pixels were put over them there). */
  redrawOutside(ctx: ClippingLabelCanvas, keep: { x0: number; y0: number; x1: number; y1: number }, w: number, h: number): void {
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, w, h);
    ctx.rect(keep.x0, keep.y0, keep.x1 - keep.x0, keep.y1 - keep.y0);
    ctx.clip('evenodd');
    for (const { name, x, y } of this.drawn) {
      ctx.strokeText(name, x, y);
      ctx.fillText(name, x, y);
    }
    ctx.restore();
  }

  /** The waiting names, measured within this frame's time (after `widths.begin`); returns how many were drawn. */
  drawWaiting(ctx: LabelCanvas): number {
    const waiting = this.waitingNames;
    this.waitingNames = [];
    let drawn = 0;
    for (const { name, x, y } of waiting) if (this.draw(ctx, name, x, y)) drawn++;
    return drawn;
  }
}
