/**
 * Browser mode: the built renderer over HTTP and the one envelope over a WebSocket,
 * both on 127.0.0.1 only. A per-launch token guards the socket, and Origin/Host are
 * checked so that neither another site's page nor a DNS-rebound name can drive it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeMessage, encodeFrameParts, encodeMessage } from '../../common/codec';
import type { BulkNotice, PushEnvelope } from '../../common/envelope';
import type { Dispatcher } from '../core/rpc/dispatcher';
import type { PushBus } from '../core/rpc/pushes';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

/** A slow client must not make the host buffer without bound; its oldest pushes go first. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const SLOW_CLIENT_GRACE_MS = 5_000;
/** Replies over this many bytes go by HTTP (`BulkNotice`); how long one waits to be fetched. */
const BULK_BYTES = 4 * 1024 * 1024;
const BULK_TTL_MS = 60_000;

export interface HostOptions {
  dispatcher: Dispatcher;
  bus: PushBus;
  staticDir: string;
  port?: number;
  /** Fixed token for tests; a random one otherwise. */
  token?: string;
  /** Replies whose frame is larger go by HTTP (common/envelope.ts `BulkNotice`); default 4 MB. */
  bulkBytes?: number;
  log?: (msg: string) => void;
}

export interface Host {
  url: string;
  origin: string;
  token: string;
  port: number;
  close(): Promise<void>;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startHost(opts: HostOptions): Promise<Host> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const log = opts.log ?? (() => {});
  let port = 0;
  const allowedHosts = () => new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  const allowedOrigins = () => new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);

  const server = createServer((req, res) => {
    void serveStatic(req, res);
  });

  async function serveStatic(req: IncomingMessage, res: ServerResponse) {
    if (!allowedHosts().has(req.headers.host ?? '')) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname.startsWith('/tiles/')) return serveTile(url, res);
    if (url.pathname.startsWith('/bulk/')) return serveBulk(url, req, res);
    let rel = decodeURIComponent(url.pathname);
    if (rel.endsWith('/')) rel += 'index.html';
    const root = normalize(opts.staticDir + sep);
    let file = normalize(join(root, rel));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      // Client-side routes (e.g. /panel/events) all load the app shell.
      if (extname(rel)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = join(root, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('The renderer is not built: run npm run build.');
        return;
      }
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'content-length': info.size,
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': extname(file) === '.html' ? 'no-store' : 'max-age=3600',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  }

  /** HTTP routes past the static files carry the socket's token in the query: without it, 401. */
  function refusedWithoutToken(url: URL, res: ServerResponse): boolean {
    if (sameSecret(url.searchParams.get('token') ?? '', token)) return false;
    res.writeHead(401, { 'content-type': 'text/plain' }).end('Unauthorized');
    return true;
  }

  /** Map tiles through the core's cache (the token guards it like the socket: it spends the user's tile quota). */
  async function serveTile(url: URL, res: ServerResponse) {
    if (refusedWithoutToken(url, res)) return;
    const m = /^\/tiles\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})$/.exec(url.pathname);
    if (!m) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const reply = await opts.dispatcher.dispatch({ id: 0, name: 'tiles/get', args: { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } });
    if (reply.type === 'error') {
      const status = reply.error.code === 'invalid_input' || reply.error.code === 'not_found' ? 404 : 502;
      res.writeHead(status, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end(reply.error.message);
      return;
    }
    const tile = reply.result as { data: Uint8Array; contentType: string; cached: boolean };
    res.writeHead(200, {
      'content-type': tile.contentType,
      'content-length': tile.data.byteLength,
      'x-content-type-options': 'nosniff',
      'x-tile-cache': tile.cached ? 'hit' : 'miss',
      // The URL carries the source's version: a changed tile URL is a different URL.
      'cache-control': 'private, max-age=86400',
    });
    res.end(tile.data);
  }

  /** Big replies waiting for their page to fetch them, by one-time key (`BulkNotice`). */
  const bulk = new Map<string, { frame: Uint8Array[]; bytes: number; timer: ReturnType<typeof setTimeout> }>();
  const bulkBytes = opts.bulkBytes ?? BULK_BYTES;

  function holdBulk(frame: Uint8Array[], bytes: number): string {
    const key = randomBytes(18).toString('base64url');
    // A page that never comes for it (closed meanwhile) does not keep the bytes.
    const timer = setTimeout(() => bulk.delete(key), BULK_TTL_MS);
    timer.unref();
    bulk.set(key, { frame, bytes, timer });
    return key;
  }

  /** A held reply, once, to the page's token: the socket's own guard. */
  function serveBulk(url: URL, req: IncomingMessage, res: ServerResponse) {
    if (refusedWithoutToken(url, res)) return;
    const key = url.pathname.slice('/bulk/'.length);
    const held = bulk.get(key);
    if (!held) {
      res.writeHead(404, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('Not found (fetched already, or expired)');
      return;
    }
    // Asked from the page's other loopback name (transport.ts): only our own pages may read it.
    const origin = req.headers.origin ?? '';
    const cors: Record<string, string> = allowedOrigins().has(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': held.bytes, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...cors });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    bulk.delete(key);
    clearTimeout(held.timer);
    for (const part of held.frame) res.write(part);
    res.end();
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  const sockets = new Set<WebSocket>();

  server.on('upgrade', (req, socket, head) => {
    const refuse = (status: number, why: string) => {
      log(`refused a WebSocket: ${why}`);
      socket.end(`HTTP/1.1 ${status} ${why}\r\nConnection: close\r\n\r\n`);
    };
    const url = new URL(req.url ?? '/', 'http://placeholder');
    if (url.pathname !== '/rpc') return refuse(404, 'Not Found');
    if (!allowedHosts().has(req.headers.host ?? '')) return refuse(421, 'Misdirected Request');
    if (!allowedOrigins().has(req.headers.origin ?? '')) return refuse(403, 'Forbidden');
    if (!sameSecret(url.searchParams.get('token') ?? '', token)) return refuse(401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  wss.on('connection', (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        ws.send(encodeMessage({ type: 'error', id: null, error: { code: 'invalid_input', message: 'Binary frames are not accepted' } }));
        return;
      }
      let raw: unknown;
      try {
        raw = decodeMessage(String(data));
      } catch {
        ws.send(encodeMessage({ type: 'error', id: null, error: { code: 'invalid_input', message: 'The message is not JSON' } }));
        return;
      }
      void opts.dispatcher.dispatch(raw).then((reply) => {
        if (ws.readyState !== ws.OPEN) return;
        const frame = encodeFrameParts(reply);
        const bytes = typeof frame === 'string' ? 0 : frame.reduce((n, p) => n + p.byteLength, 0);
        if (reply.type === 'reply' && bytes > bulkBytes) {
          const notice: BulkNotice = { type: 'bulk', id: reply.id, path: `/bulk/${holdBulk(frame as Uint8Array[], bytes)}`, bytes };
          ws.send(JSON.stringify(notice));
        } else sendFrame(ws, frame);
      });
    });
  });

  const overSince = new WeakMap<object, number>();
  const unsubscribe = opts.bus.subscribe((env: PushEnvelope) => {
    if (sockets.size === 0) return;
    const frame = encodeFrameParts(env);
    for (const ws of sockets) {
      if (ws.readyState !== ws.OPEN) continue;
      // One big push (the object list at 50,000 objects is tens of MB) fills the buffer for
      // a moment, and the next push may follow in the same tick: only a buffer that stays
      // over the limit says the tab is not keeping up.
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        const since = overSince.get(ws) ?? Date.now();
        overSince.set(ws, since);
        if (Date.now() - since > SLOW_CLIENT_GRACE_MS) {
          log('a browser tab is not keeping up; closing it so it reconnects and resyncs');
          ws.close(1013, 'Too slow');
          continue;
        }
      } else overSince.delete(ws);
      sendFrame(ws, frame);
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    port,
    async close() {
      unsubscribe();
      for (const held of bulk.values()) clearTimeout(held.timer);
      bulk.clear();
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** One message: text as it is, a binary frame as fragments of its parts (no copy into one buffer). */
function sendFrame(ws: WebSocket, frame: string | Uint8Array[]): void {
  if (typeof frame === 'string') {
    ws.send(frame);
    return;
  }
  frame.forEach((part, i) => ws.send(part, { binary: true, fin: i === frame.length - 1 }));
}
