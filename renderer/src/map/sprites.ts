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

import type { SpritePixels } from './pixel-surface';

/** Headings are drawn to this many steps around the circle (5°). */
export const HEADING_STEPS = 72;
/** An arrow's tip is this far beyond the dot's edge (CSS pixels). */
const ARROW_REACH = 6;
/** A cache that grew past this (themes, ratios, radii) starts again: a sprite costs under 10 kB. */
const MAX_SPRITES = 4000;

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

function render(halfCss: number, dpr: number, paint: Paint): Sprite {
  const anchor = Math.ceil(halfCss * dpr);
  const size = 2 * anchor;
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(dpr, 0, 0, dpr, anchor, anchor);
  paint(ctx);
  const pixels = new Uint32Array(ctx.getImageData(0, 0, size, size).data.buffer);
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

  /** A cluster's disc of radius `radius` in `fill`, inside a ring 4 px wider in `ring`. */
  cluster(radius: number, ring: string, fill: string, dpr: number): Sprite {
    return this.get(`cluster|${radius}|${ring}|${fill}|${dpr}`, radius + 5, dpr, (ctx) => {
      ctx.fillStyle = ring;
      ctx.beginPath();
      ctx.arc(0, 0, radius + 4, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = fill;
      ctx.beginPath();
      ctx.arc(0, 0, radius, 0, Math.PI * 2);
      ctx.fill();
    });
  }

  clear(): void {
    // Not closed: a frame being drawn may still hold some of them; unreferenced, they are collected.
    this.sprites.clear();
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
