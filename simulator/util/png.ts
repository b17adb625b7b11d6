/** Tiny PNG encoder: photos and icons are real images with a real media type. */
import { deflateSync } from 'node:zlib';
import { hash } from './rng';

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32(buf: Buffer): number {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A deterministic picture (a sky-and-road gradient tinted by the key). */
export function pngFor(key: number, width = 160, height = 120): Buffer {
  const h = hash(key, 99);
  const [r0, g0, b0] = [h & 0xff, (h >>> 8) & 0xff, (h >>> 16) & 0xff];
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const ground = y > height * 0.55;
      const f = y / height;
      const i = row + 1 + x * 3;
      raw[i] = ground ? 60 + ((x + y) % 16) : Math.round(r0 * (1 - f) + 200 * f);
      raw[i + 1] = ground ? 60 + ((x * 3) % 20) : Math.round(g0 * (1 - f) + 220 * f);
      raw[i + 2] = ground ? 65 : Math.round(b0 * (1 - f) + 255 * f);
    }
  }
  return encodeRgbPng(width, height, raw);
}

/** An 8-bit RGB PNG from scanlines, each led by its filter byte (0: none). */
export function encodeRgbPng(width: number, height: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
