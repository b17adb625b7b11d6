/**
 * Many sprites composited in script into one buffer of pixels, put on the canvas in one
 * putImageData by the layer (kept out of here so this runs in Node's tests, with no DOM).
 *
 * Why: a canvas drawImage costs about 10 µs here (Blink's checks and recording, then Skia),
 * so a street-level view of a dense city, 5,000–7,000 vehicles in the drawn area, took
 * 50–130 ms a redraw in drawImage alone. Copying a 15-pixel sprite's words in a loop is a
 * fraction of a microsecond, and putImageData of the touched rectangle is one copy.
 *
 * Everything it puts replaces what the canvas held there: it must be the first thing drawn
 * after the canvas is cleared. Works in device pixels, whatever the context's transform.
 * Assumes a little-endian machine (every platform Electron ships for).
 */

/** What a sprite gives to be composited here (sprites.ts). */
export interface SpritePixels {
  /** Width and height in device pixels. */
  size: number;
  /** RGBA bytes as ImageData keeps them (not premultiplied), one 32-bit word per pixel. */
  pixels: Uint32Array;
}

export class PixelSurface {
  private bytes: Uint8ClampedArray<ArrayBuffer> = new Uint8ClampedArray(0);
  private words = new Uint32Array(0);
  private width = 0;
  private height = 0;
  /** The rectangle touched since `begin`, [x0, x1) × [y0, y1). */
  private x0 = 0;
  private y0 = 0;
  private x1 = 0;
  private y1 = 0;

  /** Counts `begin`s: a frame drawn in parts checks that nothing began another between them. */
  generation = 0;

  /** A frame of `width` × `height` device pixels, all transparent. */
  begin(width: number, height: number): void {
    this.generation++;
    if (width !== this.width || height !== this.height) {
      this.bytes = new Uint8ClampedArray(width * height * 4);
      this.words = new Uint32Array(this.bytes.buffer);
      this.width = width;
      this.height = height;
    } else {
      // Only what the last frame touched is not transparent.
      for (let y = this.y0; y < this.y1; y++) this.words.fill(0, y * width + this.x0, y * width + this.x1);
    }
    this.x0 = width;
    this.y0 = height;
    this.x1 = 0;
    this.y1 = 0;
  }

  /** The sprite with its top-left corner at device pixel (dx, dy), over what is there (source-over). */
  blit(s: SpritePixels, dx: number, dy: number): void {
    const n = s.size;
    const W = this.width;
    const x0 = Math.max(0, dx);
    const y0 = Math.max(0, dy);
    const x1 = Math.min(W, dx + n);
    const y1 = Math.min(this.height, dy + n);
    if (x0 >= x1 || y0 >= y1) return;
    if (x0 < this.x0) this.x0 = x0;
    if (y0 < this.y0) this.y0 = y0;
    if (x1 > this.x1) this.x1 = x1;
    if (y1 > this.y1) this.y1 = y1;
    const src = s.pixels;
    const dst = this.words;
    for (let y = y0; y < y1; y++) {
      let si = (y - dy) * n + (x0 - dx);
      let di = y * W + x0;
      for (let x = x0; x < x1; x++, si++, di++) {
        const p = src[si]!;
        const a = p >>> 24;
        if (a === 0) continue;
        const q = dst[di]!;
        if (a === 255 || q >>> 24 === 0) dst[di] = p;
        else dst[di] = over(p, q);
      }
    }
  }

  /** The rectangle touched since `begin`, or null when nothing was. */
  touched(): { x: number; y: number; w: number; h: number } | null {
    return this.x0 < this.x1 && this.y0 < this.y1 ? { x: this.x0, y: this.y0, w: this.x1 - this.x0, h: this.y1 - this.y0 } : null;
  }

  /** The pixel at (x, y) as an RGBA word (tests). */
  wordAt(x: number, y: number): number {
    return this.words[y * this.width + x]!;
  }

  /** The frame's pixels (for an ImageData made on them, which shares them) and its size. */
  frame(): { bytes: Uint8ClampedArray<ArrayBuffer>; width: number; height: number } {
    return { bytes: this.bytes, width: this.width, height: this.height };
  }
}

/**
 * `p` over `q`, both RGBA words with straight (not premultiplied) alpha, both partly
 * transparent. Written out channel by channel: in dense places most sprite edges land on
 * other sprites, and a helper closure here cost more than the rest of a redraw.
 */
export function over(p: number, q: number): number {
  const sa = p >>> 24;
  const da = ((q >>> 24) * (255 - sa)) / 255;
  const k = 1 / (sa + da);
  const r = (((p & 255) * sa + (q & 255) * da) * k + 0.5) | 0;
  const g = ((((p >>> 8) & 255) * sa + ((q >>> 8) & 255) * da) * k + 0.5) | 0;
  const b = ((((p >>> 16) & 255) * sa + ((q >>> 16) & 255) * da) * k + 0.5) | 0;
  return ((((sa + da + 0.5) | 0) << 24) | (b << 16) | (g << 8) | r) >>> 0;
}
