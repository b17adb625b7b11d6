/**
 * Browser mode: the built renderer over HTTP and the one envelope over a WebSocket,
 * both on 127.0.0.1 only. The page trades the one-time code in its URL for a session
 * token (launch-code.ts) that guards the socket and the token-carrying routes, and
 * Origin/Host are checked so that neither another site's page nor a DNS-rebound name
 * can drive it. Any web page can send requests here, so every handler answers an error
 * instead of throwing.
 *
 * The server listens before the core has loaded (decision 0084): the page and the trade of
 * its code need no core, and a socket or a tile asked meanwhile waits for it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { z } from 'zod';
import type { Dispatcher } from '../core/rpc/dispatcher';
import type { PushBus } from '../core/rpc/pushes';
import { newSecret, sessionKeys } from './launch-code';
import { resolveTarget } from './request-target';
import { bulkReplies } from './bulk-replies';
import { answerText, serveFile } from './static-files';
import type { AttachedSocket } from './socket';

/** Replies over this many bytes go by HTTP (`BulkNotice`, bulk-replies.ts). */
const BULK_BYTES = 4 * 1024 * 1024;
/** The code exchange's body is one short JSON object. */
const MAX_SESSION_BODY = 4 * 1024;
/** `{code}` trades a launch code; `{session}` asks whether a tab's session is still ours (after a restart). */
const SessionRequestSchema = z.union([z.object({ code: z.string().min(1).max(512) }), z.object({ session: z.string().min(1).max(512) })]);

/** What the host serves the socket and the tiles from. */
export interface CoreLink {
  dispatcher: Dispatcher;
  bus: PushBus;
}

export interface HostOptions {
  /** The core, or its load: the host listens at once, and what needs the core waits for it. */
  core: CoreLink | Promise<CoreLink>;
  staticDir: string;
  port?: number;
  /** Tried first (the port of the folder's last start, so open tabs find it again); when taken, `port`. */
  preferredPort?: number;
  /** Signs launch codes and sessions: the data folder's (host-key.ts) from the CLI, a random one when absent. */
  secret?: string;
  /** The launch codes' clock (tests move it past a code's 60 s). */
  now?: () => number;
  /** Replies whose frame is larger go by HTTP (common/envelope.ts `BulkNotice`); default 4 MB. */
  bulkBytes?: number;
  /** How long a window's reads wait at most for its claimed replies (claimed-first.ts; tests). */
  claimedFirstMaxWaitMs?: number;
  log?: (msg: string) => void;
}

export interface Host {
  /** The URL to give the user: the app with a fresh one-time launch code. */
  url: string;
  /** Another such URL (each code works once, within 60 s). */
  launchUrl(): string;
  origin: string;
  port: number;
  secret: string;
  close(): Promise<void>;
}

export async function startHost(opts: HostOptions): Promise<Host> {
  const secret = opts.secret ?? newSecret();
  const keys = sessionKeys(secret, opts.now);
  const log = opts.log ?? (() => {});
  const core = Promise.resolve(opts.core);
  let port = 0;
  const isAllowedHost = (host: string) => host === `127.0.0.1:${port}` || host === `localhost:${port}`;
  const isAllowedOrigin = (origin: string) => origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // Whatever failed, the client gets a status without our internals, and the host serves on.
      log(`a request failed: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) answerText(res, 500, 'Internal error');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (!isAllowedHost(req.headers.host ?? '')) return answerText(res, 421, 'Misdirected request');
    const target = resolveTarget(req.url, opts.staticDir);
    if (target.kind === 'refused') return answerText(res, target.status, target.reason);
    if (target.kind === 'route' && target.route === 'session') return exchangeCode(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') return answerText(res, 405, 'Method not allowed', { allow: 'GET, HEAD' });
    if (target.kind === 'file') return serveFile(req, res, opts.staticDir, target.file, target.appRoute, log);
    if (!keys.isSession(target.url.searchParams.get('token') ?? '')) return answerText(res, 401, 'Unauthorized');
    if (target.route === 'tiles') return serveTile(target.url, res);
    return bulk.serve(target.url, req, res);
  }

  /** The page's one trade of its launch code for a session: from our own pages only. */
  async function exchangeCode(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST') return answerText(res, 405, 'Method not allowed', { allow: 'POST' });
    if (!isAllowedOrigin(req.headers.origin ?? '')) return answerText(res, 403, 'Forbidden');
    const body = await readBody(req, MAX_SESSION_BODY);
    if (body === null) return answerText(res, 413, 'Payload too large', { connection: 'close' });
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return answerText(res, 400, 'The body is not JSON');
    }
    const parsed = SessionRequestSchema.safeParse(json);
    if (!parsed.success) return answerText(res, 400, 'Expected {"code": "<launch code>"} or {"session": "<session token>"}');
    if ('session' in parsed.data) {
      if (!keys.isSession(parsed.data.session)) return answerText(res, 401, 'This session was not issued by this console (another data folder, or its key was deleted).');
      return void res.writeHead(204, { 'cache-control': 'no-store' }).end();
    }
    const session = keys.redeem(parsed.data.code);
    if (!session) return answerText(res, 401, 'This launch link was used already or has expired: start the console again for a new one.');
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify({ session }));
  }

  /** Map tiles through the core's cache (the session guards it like the socket: it spends the user's tile quota). */
  async function serveTile(url: URL, res: ServerResponse) {
    const m = /^\/tiles\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})$/.exec(url.pathname);
    if (!m) return answerText(res, 404, 'Not found');
    const { dispatcher } = await core;
    const reply = await dispatcher.dispatch({ id: 0, name: 'tiles/get', args: { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } });
    if (reply.type === 'error') {
      const status = reply.error.code === 'invalid_input' || reply.error.code === 'not_found' ? 404 : 502;
      return answerText(res, status, reply.error.message);
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

  const bulk = bulkReplies(isAllowedOrigin);

  // The socket's code needs the contract's schemas, which the core loads: it is loaded after it, not before listening.
  const socket: Promise<AttachedSocket> = core.then(async ({ dispatcher, bus }) => {
    const { attachSocket } = await import('./socket');
    return attachSocket({
      dispatcher,
      bus,
      isAllowedHost,
      isAllowedOrigin,
      isSession: keys.isSession,
      bulkBytes: opts.bulkBytes ?? BULK_BYTES,
      holdBulk: bulk.hold,
      releaseClaim: bulk.release,
      claimedFirstMaxWaitMs: opts.claimedFirstMaxWaitMs,
      log,
    });
  });
  // A core that never loads ends the host (cli.ts); its upgrades held meanwhile are dropped then.
  socket.catch(() => {});
  let closing = false;
  server.on('upgrade', (req: IncomingMessage, raw: Duplex, head: Buffer) => {
    // Node hands the raw socket over without its own error listener: a client that resets
    // it while it waits, or mid-refusal, must not become an uncaught exception.
    raw.on('error', () => {});
    socket.then(
      (s) => (closing ? raw.destroy() : s.upgrade(req, raw, head)),
      () => raw.destroy(),
    );
  });

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  if (opts.preferredPort) {
    await listen(opts.preferredPort).catch(async (e: unknown) => {
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
      log(`port ${opts.preferredPort} is taken; open tabs of the last start will not find this one`);
      await listen(opts.port ?? 0);
    });
  } else await listen(opts.port ?? 0);
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  const launchUrl = () => `${origin}/?code=${keys.mintCode()}`;

  return {
    url: launchUrl(),
    launchUrl,
    origin,
    port,
    secret,
    async close() {
      closing = true;
      bulk.close();
      await socket.then((s) => s.close(), () => {});
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** The request's body as text, or null when it is longer than `max` bytes. */
function readBody(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) resolve(null);
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
