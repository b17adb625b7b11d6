/**
 * The committed icons (scripts/make-icons.sh renders them from resources/icon.svg): each
 * file is what its name says, at the sizes Linux, Windows and macOS ask for, read back
 * from the bytes.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const resources = join(import.meta.dirname, '..', '..', '..', 'resources');
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk. */
function pngSize(b: Buffer): [number, number] {
  expect(b.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  expect(b.toString('latin1', 12, 16)).toBe('IHDR');
  return [b.readUInt32BE(16), b.readUInt32BE(20)];
}

describe('app icons', () => {
  it('has a square PNG for Linux at every size from 16 to 1024, named by its size', () => {
    const files = readdirSync(join(resources, 'icons')).filter((f) => f.endsWith('.png'));
    const sizes = files.map((f) => {
      const [w, h] = pngSize(readFileSync(join(resources, 'icons', f)));
      expect(f).toBe(`${w}x${h}.png`);
      expect(w).toBe(h);
      return w;
    });
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256, 512, 1024]);
    expect(pngSize(readFileSync(join(resources, 'icon.png')))).toEqual([1024, 1024]);
  });

  it('has a Windows .ico from 16 to 256 (256 as PNG, as Windows expects)', () => {
    const ico = readFileSync(join(resources, 'icon.ico'));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const entries = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => {
      const at = 6 + 16 * i;
      const size = ico[at] === 0 ? 256 : ico[at]!;
      const offset = ico.readUInt32LE(at + 12);
      const isPng = ico.subarray(offset, offset + 8).equals(PNG_MAGIC);
      return { size, isPng };
    });
    expect(entries.map((e) => e.size)).toEqual([16, 24, 32, 48, 64, 128, 256]);
    expect(entries.find((e) => e.size === 256)?.isPng).toBe(true);
  });

  it('has a macOS .icns whose every entry is a PNG of the size its type stands for, up to 1024', () => {
    const icns = readFileSync(join(resources, 'icon.icns'));
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const expected: Record<string, number> = { icp4: 16, icp5: 32, icp6: 64, ic07: 128, ic08: 256, ic09: 512, ic10: 1024, ic11: 32, ic12: 64, ic13: 256, ic14: 512 };
    const seen: string[] = [];
    for (let at = 8; at < icns.length; ) {
      const type = icns.toString('latin1', at, at + 4);
      const len = icns.readUInt32BE(at + 4);
      expect(len).toBeGreaterThan(8);
      const size = expected[type];
      expect(size, `unknown entry ${type}`).toBeDefined();
      expect(pngSize(icns.subarray(at + 8, at + len))).toEqual([size, size]);
      seen.push(type);
      at += len;
    }
    expect(seen.sort()).toEqual(Object.keys(expected).sort());
  });
});
