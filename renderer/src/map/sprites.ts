/**
 * Objects and clusters drawn as small pre-rendered bitmaps, copied at whole device pixels.
 *
 * Why: Chromium's 2D canvas records what it is asked to draw and rasterises it when the frame
 * is committed, on the page's main thread. In software (no GPU) one path of thousands of
 * antialiased circles took 100–300 ms there: a trace of the live-map bench put 1.46 s of a
 * 20 s pan in `SkCanvas::drawPath` and every long task over 100 ms in it. A bitmap copied at
 * an integer offset is a plain blit, whatever the number of objects.
 *
 * A sprite is drawn once per look (colour, radius, outline, heading to 5°, device pixel
 * ratio) the first time it is needed, and kept. New sprites are drawn within a frame's budget
 * (`beginFrame`); past it a cluster shows its plain disc and a moving object its dot without
 * the arrow, and the next frame draws more.
 */

import { LRUCache } from 'lru-cache';
import type { ObjectState } from '../stores/object-state';
import { ALARM_STATES, RING_SEGMENTS, RING_STATES, unpackRing } from './cluster-ring';
import { DrawnOnce } from './drawn-once';
import type { SpritePixels } from './pixel-surface';

/** Headings are drawn to this many steps around the circle (5°). */
export const HEADING_STEPS = 72;
/** An arrow's tip is this far beyond the dot's edge (CSS pixels). */
const ARROW_REACH = 6;
/** A cache that grew past this (themes, ratios, radii) starts again: a sprite costs under 10 kB. */
const MAX_SPRITES = 4000;
/** Cluster sprites are up to ~25 kB (~90 kB at 2x) and their rings change as shares move: fewer kept. */
const MAX_RINGS = 500;
/** A frame draws new sprites for this long at most (drawn-once.ts). */
const SPRITE_BUDGET_MS = 4;
/** The ring code of a cluster with no states: its disc and halo alone, what a ring not drawn yet shows. */
const NO_RING = 0;

export interface Sprite extends SpritePixels {
  image: ImageBitmap;
  /** Device pixels from the bitmap's top-left corner to the point it is drawn for. */
  anchor: number;
}

/** The heading's step, 0…HEADING_STEPS-1, for a heading in degrees (any value, wrapped). */
export function headingStep(degrees: number): number {
  const s = Math.round((degrees / 360) * HEADING_STEPS) % HEADING_STEPS;
  return s < 0 ? s + HEADING_STEPS : s;
}

/** Where a sprite goes: the device pixel nearest to the point, less its anchor. */
export function blitOffset(cssPx: number, dpr: number, anchor: number): number {
  return Math.round(cssPx * dpr) - anchor;
}

/** One number per device pixel (px, py) of a canvas (up to 32,768 px a side, past the browser's limit), to find sprites that would land on the same one. */
export function pixelKey(px: number, py: number): number {
  return px * 65_536 + py;
}

type Paint = (ctx: OffscreenCanvasRenderingContext2D) => void;

/** The state ring's width outside a cluster's disc, and how much further out an alarm state's arc reaches (CSS pixels). */
export const RING_WIDTH = 5;
export const RING_NOTCH = 3;

function paintCluster(ctx: OffscreenCanvasRenderingContext2D, radius: number, ring: number, fill: string, halo: string, colors: Readonly<Record<ObjectState, string>>): void {
  // A halo under the ring keeps it apart from tiles of any colour.
  ctx.fillStyle = halo;
  ctx.beginPath();
  ctx.arc(0, 0, radius + RING_WIDTH + 1, 0, Math.PI * 2);
  ctx.fill();
  const seg = unpackRing(ring);
  const step = (Math.PI * 2) / RING_SEGMENTS;
  let at = -Math.PI / 2;
  for (let i = 0; i < seg.length; i++) {
    if (!seg[i]) continue;
    const state = RING_STATES[i]!;
    const outer = radius + RING_WIDTH + (ALARM_STATES.has(state) ? RING_NOTCH : 0);
    ctx.fillStyle = colors[state];
    ctx.beginPath();
    ctx.arc(0, 0, outer, at, at + seg[i]! * step);
    ctx.arc(0, 0, radius, at + seg[i]! * step, at, true);
    ctx.closePath();
    ctx.fill();
    at += seg[i]! * step;
  }
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(0, 0, radius, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * One canvas that every sprite is painted on in turn: a new canvas and context per sprite took
 * more than twice as long as the painting itself. Setting its size clears it and resets its
 * state, as a new one would be, and its bitmap leaves with each sprite (transferToImageBitmap).
 */
let easel: { canvas: OffscreenCanvas; ctx: OffscreenCanvasRenderingContext2D } | null = null;

/** `withPixels` false: a sprite only ever drawn with drawImage (cluster discs), spared reading its pixels back. */
function render(halfCss: number, dpr: number, paint: Paint, withPixels = true): Sprite {
  const anchor = Math.ceil(halfCss * dpr);
  const size = 2 * anchor;
  if (!easel) {
    const canvas = new OffscreenCanvas(size, size);
    easel = { canvas, ctx: canvas.getContext('2d')! };
  }
  const { canvas, ctx } = easel;
  canvas.width = size;
  canvas.height = size;
  ctx.setTransform(dpr, 0, 0, dpr, anchor, anchor);
  paint(ctx);
  const pixels = withPixels ? new Uint32Array(ctx.getImageData(0, 0, size, size).data.buffer) : new Uint32Array(0);
  return { image: canvas.transferToImageBitmap(), anchor, size, pixels };
}

export class SpriteCache {
  private readonly sprites = new Map<string, Sprite>();
  /** New sprites within each frame's time (drawn-once.ts); what a frame left waits in it for the layer's next frames. */
  readonly budget: DrawnOnce;

  constructor(clock?: () => number) {
    this.budget = new DrawnOnce(SPRITE_BUDGET_MS, clock);
  }

  /**
   * The dots of one colour and size, by heading step; index HEADING_STEPS is the dot with no
   * arrow. `outline` null: no outline (the smallest dots).
   */
  dots(color: string, radius: number, outline: string | null, dpr: number): DotSprites {
    return new DotSprites(this, `${color}|${radius}|${outline}|${dpr}`, color, radius, outline, dpr);
  }

  /** @internal DotSprites draws through this. Past the frame's time, an arrow waits and the dot shows alone. */
  dot(family: string, step: number, color: string, radius: number, outline: string | null, dpr: number): Sprite {
    const key = `${family}|${step}`;
    const kept = this.sprites.get(key);
    if (kept) return kept;
    const arrow = step < HEADING_STEPS;
    const plain = arrow ? () => this.dot(family, HEADING_STEPS, color, radius, outline, dpr) : undefined;
    const paint: Paint = (ctx) => {
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.arc(0, 0, radius, 0, Math.PI * 2);
      ctx.fill();
      if (outline) {
        ctx.lineWidth = 1;
        ctx.strokeStyle = outline;
        ctx.stroke();
      }
      if (!arrow) return;
      const a = (step / HEADING_STEPS) * Math.PI * 2;
      ctx.beginPath();
      ctx.moveTo(Math.sin(a - 0.5) * (radius + 1), -Math.cos(a - 0.5) * (radius + 1));
      ctx.lineTo(Math.sin(a) * (radius + ARROW_REACH), -Math.cos(a) * (radius + ARROW_REACH));
      ctx.lineTo(Math.sin(a + 0.5) * (radius + 1), -Math.cos(a + 0.5) * (radius + 1));
      ctx.closePath();
      ctx.fill();
    };
    const draw = () => {
      if (this.sprites.size >= MAX_SPRITES) this.clear();
      return render(radius + (arrow ? ARROW_REACH + 1 : 1.5), dpr, paint);
    };
    return this.budget.get(this.sprites, key, draw, plain);
  }

  /**
   * Those used longest ago go first when it is full: emptied at once, it would have every
   * cluster of the next frame drawn anew, hundreds in one frame.
   */
  private readonly rings = new LRUCache<number, Sprite>({ max: MAX_RINGS });
  /** The look the ring sprites were drawn for: compared field by field, no key string built per cluster. */
  private ringsFor: { fill: string; halo: string; colors: unknown; dpr: number } = { fill: '', halo: '', colors: null, dpr: 0 };

  /**
   * A cluster's disc of radius `radius` (under 64) in `fill`, inside a ring of its states
   * (`ring`: packRing, cluster-ring.ts) in their colours, clockwise from the top. Alarm
   * states reach RING_NOTCH further out. Keyed by a number, not a string: a frame looks up
   * hundreds of clusters. `colors` names the fill and the state colours for the cache.
   * Past the frame's time, a ring not drawn yet waits and the disc shows alone.
   */
  cluster(radius: number, ring: number, fill: string, halo: string, colors: Readonly<Record<ObjectState, string>>, dpr: number): Sprite {
    const f = this.ringsFor;
    if (f.fill !== fill || f.halo !== halo || f.colors !== colors || f.dpr !== dpr) {
      this.rings.clear();
      this.ringsFor = { fill, halo, colors, dpr };
    }
    const key = ring * 64 + radius;
    // Kept: no closures made (a frame asks for hundreds of clusters).
    const kept = this.rings.get(key);
    if (kept) return kept;
    const plain = ring === NO_RING ? undefined : () => this.cluster(radius, NO_RING, fill, halo, colors, dpr);
    const paint: Paint = (ctx) => paintCluster(ctx, radius, ring, fill, halo, colors);
    return this.budget.get<number, Sprite>(this.rings, key, () => render(radius + RING_WIDTH + RING_NOTCH + 1, dpr, paint, false), plain);
  }

  clear(): void {
    // Not closed: a frame being drawn may still hold some of them; unreferenced, they are collected.
    this.sprites.clear();
    this.rings.clear();
  }
}

/** One colour and size's sprites for a frame, looked up by heading step without building a key per object. */
export class DotSprites {
  private readonly byStep: (Sprite | undefined)[] = [];

  constructor(
    private readonly cache: SpriteCache,
    private readonly family: string,
    private readonly color: string,
    private readonly radius: number,
    private readonly outline: string | null,
    private readonly dpr: number,
  ) {}

  /** `step`: headingStep(), or HEADING_STEPS for a dot with no arrow. */
  at(step: number): Sprite {
    return (this.byStep[step] ??= this.cache.dot(this.family, step, this.color, this.radius, this.outline, this.dpr));
  }
}
