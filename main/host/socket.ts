/**
 * Browser mode's WebSocket: the upgrade's guard (path, Host, Origin, session token) and the
 * frames both ways. Nothing a client sends may end the host: every frame is answered with
 * an error envelope when its id is known, otherwise dropped and logged.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { decodeMessage, encodeFrameParts, encodeMessage, frameId } from '../../common/codec';
import { methods } from '../../common/contract';
import { CLAIM_ID, type BulkNotice, type ErrorEnvelope, type PushEnvelope } from '../../common/envelope';
import type { Dispatcher } from '../core/rpc/dispatcher';
import type { PushBus } from '../core/rpc/pushes';
import { ClaimedFirst } from './claimed-first';

/**
 * The page's largest request is a 10,000-id acknowledgement or command (about 170 KB of
 * JSON); a frame five times that is not the page's, and is refused before it is buffered.
 */
export const MAX_REQUEST_FRAME_BYTES = 1024 * 1024;
/**
 * A claimed reply (`CLAIM_ID`) goes by HTTP from this size: its GET is waiting already, and
 * Chromium takes a megabyte-sized WebSocket message in slowly, a slice per task of the page's
 * busy main thread.
 */
const CLAIMED_BULK_BYTES = 64 * 1024;
/** A slow client must not make the host buffer without bound; its oldest pushes go first. */
const MAX_BUFFERED_BYTES = 32 * 1024 * 1024;
const SLOW_CLIENT_GRACE_MS = 5_000;

export interface SocketOptions {
  dispatcher: Dispatcher;
  bus: PushBus;
  isAllowedHost(host: string): boolean;
  isAllowedOrigin(origin: string): boolean;
  isSession(token: string): boolean;
  /** Replies whose frame is over this go by HTTP: returns the notice's path (bulk-replies.ts). */
  bulkBytes: number;
  holdBulk(frame: Uint8Array[], bytes: number, claim?: string, written?: () => void): string;
  /** A claimed request (`CLAIM_ID`) was answered on the socket, or not at all. */
  releaseClaim(claim: string): void;
  /** How long a read waits at most for the claimed replies asked before it (claimed-first.ts). */
  claimedFirstMaxWaitMs?: number;
  log(msg: string): void;
}

export interface AttachedSocket {
  /** An HTTP server's `upgrade`: taken when it is the page's, refused otherwise. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function attachSocket(opts: SocketOptions): AttachedSocket {
  const { log } = opts;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_FRAME_BYTES });
  const sockets = new Set<WebSocket>();

  // The server gave the raw socket its error listener when the upgrade came (server.ts).
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      upgrade(req, socket, head);
    } catch (e) {
      log(`a WebSocket upgrade failed: ${describe(e)}`);
      socket.destroy();
    }
  };

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const refuse = (status: number, why: string) => {
      log(`refused a WebSocket: ${why}`);
      socket.end(`HTTP/1.1 ${status} ${why}\r\nConnection: close\r\n\r\n`);
    };
    const raw = req.url ?? '/';
    let url: URL;
    try {
      // Origin-form only; concatenated so that `//x/rpc` stays a path, not a host.
      if (!raw.startsWith('/')) throw new Error('not origin-form');
      url = new URL(`http://127.0.0.1${raw}`);
    } catch {
      return refuse(400, 'Bad Request');
    }
    if (url.pathname !== '/rpc') return refuse(404, 'Not Found');
    if (!opts.isAllowedHost(req.headers.host ?? '')) return refuse(421, 'Misdirected Request');
    if (!opts.isAllowedOrigin(req.headers.origin ?? '')) return refuse(403, 'Forbidden');
    if (!opts.isSession(url.searchParams.get('token') ?? '')) return refuse(401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  }

  wss.on('connection', (ws: WebSocket) => {
    sockets.add(ws);
    const claimed = new ClaimedFirst(opts.claimedFirstMaxWaitMs);
    ws.on('close', () => sockets.delete(ws));
    // Protocol errors (an oversized or malformed frame): ws closes that socket (1009, 1002),
    // the page reconnects; without a listener the error would end the process.
    ws.on('error', (e) => log(`closed a WebSocket on a bad frame: ${describe(e)}`));
    ws.on('message', (data, isBinary) => {
      try {
        onFrame(ws, claimed, isBinary ? null : String(data));
      } catch (e) {
        log(`dropped a WebSocket frame: ${describe(e)}`);
      }
    });
  });

  function onFrame(ws: WebSocket, claimed: ClaimedFirst, text: string | null) {
    const refuse = (message: string) => ws.send(encodeMessage({ type: 'error', id: null, error: { code: 'invalid_input', message } } satisfies ErrorEnvelope));
    if (text === null) return refuse('Binary frames are not accepted');
    let raw: unknown;
    try {
      raw = decodeMessage(text);
    } catch (e) {
      // Answered to its own call when its id can still be read, so the page is not left waiting.
      const message = `The message could not be read: ${e instanceof Error ? e.message : String(e)}`;
      return ws.send(encodeMessage({ type: 'error', id: frameId(text), error: { code: 'invalid_input', message } } satisfies ErrorEnvelope));
    }
    const id = idOf(raw);
    const claim = typeof id === 'string' && CLAIM_ID.test(id) ? id : null;
    let claimHeld = false;
    const written = claim === null ? undefined : claimed.begin();
    const turn = claim === null && isRead(raw) ? claimed.turn() : null;
    (turn ? turn.then(() => opts.dispatcher.dispatch(raw)) : opts.dispatcher.dispatch(raw))
      .then((reply) => {
        if (ws.readyState !== ws.OPEN) return;
        const frame = encodeFrameParts(reply);
        const bytes = typeof frame === 'string' ? 0 : frame.reduce((n, p) => n + p.byteLength, 0);
        if (reply.type === 'reply' && bytes > (claim === null ? opts.bulkBytes : Math.min(opts.bulkBytes, CLAIMED_BULK_BYTES))) {
          claimHeld = claim !== null;
          const notice: BulkNotice = { type: 'bulk', id: reply.id, path: opts.holdBulk(frame as Uint8Array[], bytes, claim ?? undefined, written), bytes };
          ws.send(JSON.stringify(notice));
        } else sendFrame(ws, frame);
      })
      .finally(() => {
        // The page's GET for a claim waits until its reply is held or it is told there is none.
        if (claim !== null && !claimHeld) {
          opts.releaseClaim(claim);
          written?.();
        }
      })
      .catch((e: unknown) => {
        // A reply that could not be encoded or sent: the request still gets its answer.
        log(`a reply failed: ${describe(e)}`);
        if (id === null || ws.readyState !== ws.OPEN) return;
        try {
          ws.send(encodeMessage({ type: 'error', id, error: { code: 'server_error', message: 'The console’s host could not send this reply.' } } satisfies ErrorEnvelope));
        } catch (again) {
          log(`dropped an error reply: ${describe(again)}`);
        }
      });
  }

  const overSince = new WeakMap<object, number>();
  const unsubscribe = opts.bus.subscribe((env: PushEnvelope) => {
    try {
      pushToAll(env);
    } catch (e) {
      // The core's emitter is not the place to learn that one push could not be sent.
      log(`dropped a ${env.name} push: ${describe(e)}`);
    }
  });

  function pushToAll(env: PushEnvelope) {
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
  }

  return {
    upgrade: onUpgrade,
    async close() {
      unsubscribe();
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A read of the contract (writes, and names it does not know, are not held back). */
function isRead(raw: unknown): boolean {
  const name = raw && typeof raw === 'object' ? (raw as { name?: unknown }).name : undefined;
  return typeof name === 'string' && Object.hasOwn(methods, name) && !methods[name as keyof typeof methods].write;
}

function idOf(raw: unknown): number | string | null {
  const id = raw && typeof raw === 'object' && Object.prototype.hasOwnProperty.call(raw, 'id') ? (raw as { id: unknown }).id : null;
  return typeof id === 'number' || typeof id === 'string' ? id : null;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** One message: text as it is, a binary frame as fragments of its parts (no copy into one buffer). */
function sendFrame(ws: WebSocket, frame: string | Uint8Array[]): void {
  if (typeof frame === 'string') {
    ws.send(frame);
    return;
  }
  frame.forEach((part, i) => ws.send(part, { binary: true, fin: i === frame.length - 1 }));
}
