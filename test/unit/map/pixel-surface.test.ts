import { describe, expect, it } from 'vitest';
import { PixelSurface, over } from '../../../renderer/src/map/pixel-surface';

/** An RGBA word as ImageData keeps it on a little-endian machine. */
const rgba = (r: number, g: number, b: number, a: number) => ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
const parts = (w: number) => [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, w >>> 24];

/** A 3 × 3 sprite: an opaque red centre, half-transparent blue edges, transparent corners. */
function sprite() {
  const e = rgba(0, 0, 255, 128);
  const pixels = new Uint32Array([0, e, 0, e, rgba(255, 0, 0, 255), e, 0, e, 0]);
  return { size: 3, pixels };
}

describe('over (source-over with straight alpha)', () => {
  it('matches the compositing formula for translucent over translucent', () => {
    const p = rgba(200, 100, 0, 64);
    const q = rgba(0, 50, 250, 128);
    const sa = 64 / 255;
    const da = (128 / 255) * (1 - sa);
    const oa = sa + da;
    const expected = [200, 100, 0].map((c, i) => Math.round((c * sa + [0, 50, 250][i]! * da) / oa));
    const got = parts(over(p, q));
    got.slice(0, 3).forEach((v, i) => expect(Math.abs(v - expected[i]!)).toBeLessThanOrEqual(1));
    expect(Math.abs(got[3]! - Math.round(oa * 255))).toBeLessThanOrEqual(1);
  });

  it('keeps the colour under a nearly transparent source', () => {
    expect(parts(over(rgba(255, 255, 255, 1), rgba(10, 20, 30, 255)))).toEqual([11, 21, 31, 255]);
  });
});

describe('PixelSurface', () => {
  it('copies a sprite onto transparent pixels and records the rectangle it touched', () => {
    const s = new PixelSurface();
    s.begin(10, 8);
    expect(s.touched()).toBeNull();
    s.blit(sprite(), 4, 2);
    expect(s.touched()).toEqual({ x: 4, y: 2, w: 3, h: 3 });
    expect(s.wordAt(5, 3)).toBe(rgba(255, 0, 0, 255));
    expect(s.wordAt(4, 3)).toBe(rgba(0, 0, 255, 128));
    expect(s.wordAt(4, 2)).toBe(0);
  });

  it('blends an edge over what is already there and never writes outside the frame', () => {
    const s = new PixelSurface();
    s.begin(3, 4);
    s.blit(sprite(), 0, 0);
    // Its left edge lands on the first sprite's red centre; its right column is off the frame.
    s.blit(sprite(), 1, 0);
    expect(parts(s.wordAt(2, 1))).toEqual([255, 0, 0, 255]);
    const blended = parts(s.wordAt(1, 1));
    expect(blended[3]).toBe(255);
    expect(blended[2]).toBeGreaterThan(100);
    expect(blended[0]).toBeLessThan(255);
    expect(blended[0]).toBeGreaterThan(100);
    expect(s.touched()).toEqual({ x: 0, y: 0, w: 3, h: 3 });
    s.blit(sprite(), 3, 5);
    s.blit(sprite(), -3, 0);
    expect(s.touched()).toEqual({ x: 0, y: 0, w: 3, h: 3 });
  });

  it('starts each frame transparent', () => {
    const s = new PixelSurface();
    s.begin(6, 6);
    s.blit(sprite(), 1, 1);
    s.begin(6, 6);
    expect(s.touched()).toBeNull();
    for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) expect(s.wordAt(x, y)).toBe(0);
  });
});
