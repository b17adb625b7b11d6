/**
 * Browser mode's big replies (decision 0008): held for one GET with the page's token, by a
 * one-time key the socket's notice names (`BulkNotice`), or by a claim id the page made up
 * for a reply it expected to be big and asked for as it sent the request (`CLAIM_ID`,
 * decision 0069). Such a GET waits here until its reply is held, or is told there is none
 * (204) when the reply went by the socket. Any web page can send requests here: the waits are
 * few and bounded, and nothing is served without the session's token (checked by the caller).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLAIM_ID } from '../../common/envelope';
import { answerText } from './static-files';

/** How long a held reply waits for its GET, and a claim's GET for its reply. */
const TTL_MS = 60_000;
/** A page claims its launch's few big replies; more waiting at once is not a page of ours. */
const MAX_WAITING = 8;
/** Claims settled (answered on the socket, or served) kept so that a GET for one is answered at once. */
const MAX_SETTLED = 256;

interface Held {
  frame: Uint8Array[];
  bytes: number;
  timer: ReturnType<typeof setTimeout>;
  /** Told once the reply is written to its GET, or dropped. */
  written?: () => void;
}
interface Waiting {
  req: IncomingMessage;
  res: ServerResponse;
  timer: ReturnType<typeof setTimeout>;
}

export interface BulkReplies {
  /**
   * Holds a reply's frame: under its claim when the request had one, else a new key. Returns
   * the path to GET. `written` is called once the reply is written to its GET, or dropped.
   */
  hold(frame: Uint8Array[], bytes: number, claim?: string, written?: () => void): string;
  /** The claimed request's reply went by the socket: its GET learns there is nothing to fetch. */
  release(claim: string): void;
  serve(url: URL, req: IncomingMessage, res: ServerResponse): void;
  close(): void;
}

export function bulkReplies(isAllowedOrigin: (origin: string) => boolean): BulkReplies {
  const held = new Map<string, Held>();
  const waiting = new Map<string, Waiting>();
  /** Claims whose GET gets an answer at once: 204 (the reply went by the socket) or 404 (served already). */
  const settled = new Map<string, { status: 204 | 404; timer: ReturnType<typeof setTimeout> }>();

  function settle(claim: string, status: 204 | 404) {
    const old = settled.get(claim);
    if (old) clearTimeout(old.timer);
    else if (settled.size >= MAX_SETTLED) {
      const [oldest, { timer }] = settled.entries().next().value!;
      clearTimeout(timer);
      settled.delete(oldest);
    }
    const timer = setTimeout(() => settled.delete(claim), TTL_MS);
    timer.unref();
    settled.set(claim, { status, timer });
  }

  // Asked from the page's other loopback name (transport.ts): only our own pages may read it.
  const cors = (req: IncomingMessage): Record<string, string> => {
    const origin = req.headers.origin ?? '';
    return isAllowedOrigin(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
  };

  function send(h: Pick<Held, 'frame' | 'bytes' | 'written'>, req: IncomingMessage, res: ServerResponse) {
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': h.bytes, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...cors(req) });
    if (req.method === 'HEAD') return void res.end();
    // A response closes once it is written, or when its page goes away first.
    if (h.written) res.once('close', h.written);
    for (const part of h.frame) res.write(part);
    res.end();
  }

  const nothing = (req: IncomingMessage, res: ServerResponse) => res.writeHead(204, { 'cache-control': 'no-store', ...cors(req) }).end();

  function unpark(key: string): Waiting | undefined {
    const w = waiting.get(key);
    if (!w) return undefined;
    waiting.delete(key);
    clearTimeout(w.timer);
    return w;
  }

  return {
    hold(frame, bytes, claim, written) {
      // A claim id already in use is not this request's to take: the notice names a new key.
      const key = claim && !held.has(claim) ? claim : randomBytes(18).toString('base64url');
      const w = unpark(key);
      if (w && !w.res.destroyed) {
        settle(key, 404);
        send({ frame, bytes, written }, w.req, w.res);
      } else {
        const timer = setTimeout(() => {
          held.delete(key);
          written?.();
        }, TTL_MS);
        timer.unref();
        held.set(key, { frame, bytes, timer, written });
      }
      return `/bulk/${key}`;
    },

    release(claim) {
      const w = unpark(claim);
      if (w) nothing(w.req, w.res);
      else settle(claim, 204);
    },

    serve(url, req, res) {
      const key = url.pathname.slice('/bulk/'.length);
      const h = held.get(key);
      if (h) {
        if (req.method !== 'HEAD') {
          held.delete(key);
          clearTimeout(h.timer);
          if (CLAIM_ID.test(key)) settle(key, 404);
        }
        return send(h, req, res);
      }
      const done = settled.get(key);
      if (done?.status === 204) {
        settle(key, 404);
        return nothing(req, res);
      }
      if (done || !CLAIM_ID.test(key) || req.method === 'HEAD') return answerText(res, 404, 'Not found (fetched already, or expired)');
      if (waiting.has(key)) return answerText(res, 409, 'This reply is being waited for already');
      // The page falls back to the notice's own GET, which finds the reply held.
      if (waiting.size >= MAX_WAITING) return answerText(res, 503, 'Too many replies waited for at once', { 'retry-after': '1' });
      const timer = setTimeout(() => {
        if (unpark(key)) answerText(res, 404, 'No reply came for this request');
      }, TTL_MS);
      timer.unref();
      waiting.set(key, { req, res, timer });
      // A page that goes away stops waiting.
      res.on('close', () => {
        if (waiting.get(key)?.res === res) unpark(key);
      });
    },

    close() {
      for (const h of held.values()) {
        clearTimeout(h.timer);
        h.written?.();
      }
      held.clear();
      for (const { timer } of settled.values()) clearTimeout(timer);
      settled.clear();
      for (const key of [...waiting.keys()]) {
        const w = unpark(key)!;
        answerText(w.res, 503, 'The console is closing');
      }
    },
  };
}
