/**
 * A tiny tile server on 127.0.0.1 for tests and the bench: every tile is a generated
 * 256×256 PNG, so nothing ever goes to the internet.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeRgbPng } from '../../../simulator/util/png';

/** A solid RGB PNG with a darker 1-px grid edge, so tile seams are visible in screenshots. */
export function solidPng(r: number, g: number, b: number, size = 256): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      raw[row + 1 + x * 3] = edge ? r * 0.8 : r;
      raw[row + 2 + x * 3] = edge ? g * 0.8 : g;
      raw[row + 3 + x * 3] = edge ? b * 0.8 : b;
    }
  }
  return encodeRgbPng(size, size, raw);
}

export interface TileServer {
  /** Template for the tile URL setting. */
  template: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

export async function startTileServer(port = 0): Promise<TileServer> {
  const requests: string[] = [];
  const pngs = new Map<number, Buffer>();
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const m = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!m) return void res.writeHead(404).end();
    // A few shades by position, so neighbouring tiles differ.
    const shade = (Number(m[2]) + Number(m[3])) % 3;
    let png = pngs.get(shade);
    if (!png) pngs.set(shade, (png = solidPng(232 - shade * 8, 226 - shade * 6, 210 - shade * 4)));
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    template: `http://127.0.0.1:${actual}/{z}/{x}/{y}.png`,
    port: actual,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
