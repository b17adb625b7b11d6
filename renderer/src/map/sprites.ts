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
 * ratio) the first time it is needed, and kept.
 */

import type { ObjectState } from '../stores/object-state';
import { ALARM_STATES, RING_SEGMENTS, RING_STATES, unpackRing } from './cluster-ring';
import type { SpritePixels } from './pixel-surface';

/** Headings are drawn to this many steps around the circle (5°). */
export const HEADING_STEPS = 72;
/** An arrow's tip is this far beyond the dot's edge (CSS pixels). */
const ARROW_REACH = 6;
/** A cache that grew past this (themes, ratios, radii) starts again: a sprite costs under 10 kB. */
const MAX_SPRITES = 4000;
/** Cluster sprites are up to ~25 kB (~90 kB at 2x) and their rings change as shares move: fewer kept. */
const MAX_RINGS = 500;

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

/** `withPixels` false: a sprite only ever drawn with drawImage (cluster discs), spared reading its pixels back. */
function render(halfCss: number, dpr: number, paint: Paint, withPixels = true): Sprite {
  const anchor = Math.ceil(halfCss * dpr);
  const size = 2 * anchor;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, anchor, anchor);
  paint(ctx);
  const pixels = withPixels ? new Uint32Array(ctx.getImageData(0, 0, size, size).data.buffer) : new Uint32Array(0);
  return { image: canvas.transferToImageBitmap(), anchor, size, pixels };
}

export class SpriteCache {
  private readonly sprites = new Map<string, Sprite>();

  private get(key: string, halfCss: number, dpr: number, paint: Paint): Sprite {
    let s = this.sprites.get(key);
    if (!s) {
      if (this.sprites.size >= MAX_SPRITES) this.clear();
      s = render(halfCss, dpr, paint);
      this.sprites.set(key, s);
    }
    return s;
  }

  /**
   * The dots of one colour and size, by heading step; index HEADING_STEPS is the dot with no
   * arrow. `outline` null: no outline (the smallest dots).
   */
  dots(color: string, radius: number, outline: string | null, dpr: number): DotSprites {
    return new DotSprites(this, `${color}|${radius}|${outline}|${dpr}`, color, radius, outline, dpr);
  }

  /** @internal DotSprites draws through this. */
  dot(family: string, step: number, color: string, radius: number, outline: string | null, dpr: number): Sprite {
    const arrow = step < HEADING_STEPS;
    return this.get(`${family}|${step}`, radius + (arrow ? ARROW_REACH + 1 : 1.5), dpr, (ctx) => {
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
    });
  }

  private readonly rings = new Map<number, Sprite>();
  /** The look the ring sprites were drawn for: compared field by field, no key string built per cluster. */
  private ringsFor: { fill: string; halo: string; colors: unknown; dpr: number } = { fill: '', halo: '', colors: null, dpr: 0 };

  /**
   * A cluster's disc of radius `radius` (under 64) in `fill`, inside a ring of its states
   * (`ring`: packRing, cluster-ring.ts) in their colours, clockwise from the top. Alarm
   * states reach RING_NOTCH further out. Keyed by a number, not a string: a frame looks up
   * hundreds of clusters. `colors` names the fill and the state colours for the cache.
   */
  cluster(radius: number, ring: number, fill: string, halo: string, colors: Readonly<Record<ObjectState, string>>, dpr: number): Sprite {
    const f = this.ringsFor;
    if (f.fill !== fill || f.halo !== halo || f.colors !== colors || f.dpr !== dpr) {
      this.rings.clear();
      this.ringsFor = { fill, halo, colors, dpr };
    }
    const key = ring * 64 + radius;
    let s = this.rings.get(key);
    if (!s) {
      if (this.rings.size >= MAX_RINGS) this.rings.clear();
      s = render(radius + RING_WIDTH + RING_NOTCH + 1, dpr, (ctx) => paintCluster(ctx, radius, ring, fill, halo, colors), false);
      this.rings.set(key, s);
    }
    return s;
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
