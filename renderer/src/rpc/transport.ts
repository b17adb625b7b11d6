/**
 * The renderer's end of the one envelope. In Electron the preload gives
 * `window.fleet`; in browser mode the same envelope goes over a WebSocket to the
 * loopback host, authenticated by the session this tab got for its one-time launch code.
 */
import { decodeFrame, encodeMessage, frameId } from '../../../common/codec';
import { fetchBytes, prepareBulkFetch } from './bulk-fetch';
import { HISTORY_DEADLINE_MS } from './deadline';
import { guardedListener } from './guarded-listener';
import { CLAIM_ID } from '../../../common/bulk-claim';
import type { BulkNotice, PushEnvelope, RequestEnvelope, ResponseEnvelope, ServerMessage, SocketMessage } from '../../../common/envelope';

export interface FleetBridge {
  rpc(envelope: RequestEnvelope): Promise<ResponseEnvelope>;
  onPush(cb: (envelope: PushEnvelope) => void): () => void;
}

declare global {
  interface Window {
    fleet?: FleetBridge;
  }
}

/**
 * `closed`: the socket is down and being retried (the host stopped, or is restarting);
 * `refused`: the host answers but this tab's session is not its own, so no retry can help;
 * `no-session`: this tab never got a session (its launch code was spent or expired).
 */
export type LinkState = 'connecting' | 'open' | 'closed' | 'refused' | 'no-session';

export interface Transport extends FleetBridge {
  /** Whether a request with a `CLAIM_ID` id has its big reply fetched as it is sent (browser mode). */
  claims: boolean;
  onLink(cb: (state: LinkState) => void): () => void;
  /** The caller stopped waiting (its deadline passed): a reply that still comes is dropped. */
  forget(id: RequestEnvelope['id']): void;
}

const SESSION_KEY = 'fleet.session';

/**
 * The one-time code in the address bar is traded, once, for this tab's session (main/host/
 * launch-code.ts) and taken out of the address bar; the session stays in sessionStorage, so
 * reloads and the panel windows this tab opens keep working while the code is worth nothing.
 */
async function takeSession(): Promise<string | null> {
  const url = new URL(window.location.href);
  const code = url.searchParams.get('code');
  if (code) {
    url.searchParams.delete('code');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    try {
      const res = await fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }), cache: 'no-store' });
      if (res.ok) {
        const { session } = (await res.json()) as { session: string };
        sessionStorage.setItem(SESSION_KEY, session);
        return session;
      }
    } catch {
      // The host did not answer: a session this tab has already may still do.
    }
  }
  return sessionStorage.getItem(SESSION_KEY);
}

/** This tab's session token, for the host's guarded routes (tiles, big replies); named for the launch it came from. */
export function launchToken(): string {
  return sessionStorage.getItem(SESSION_KEY) ?? '';
}

/** After a restart on another data folder, or with the folder's key deleted (main/host/host-key.ts). */
export const LINK_INVALID = 'This tab’s link is no longer valid: open the console’s new link.';

/**
 * Asked when the socket could not open: a browser does not tell why, and "the host is not
 * there" (retry) must not be mistaken for "the host refuses this session" (stop and say so).
 */
async function sessionRefused(token: string): Promise<boolean> {
  try {
    const res = await fetch('/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session: token }), cache: 'no-store' });
    return res.status === 401;
  } catch {
    return false;
  }
}

/** Complete in itself: "sign in again" would not help a tab whose launch link is spent. */
export const NO_SESSION = 'This tab’s link to the console was used already or has expired: start the console again for a new link, or use the tab it opened.';

function electronTransport(bridge: FleetBridge): Transport {
  return {
    claims: false,
    rpc: (env) => bridge.rpc(env),
    // Reported as an uncaught error would be, and the push still reaches every other listener.
    onPush: (cb) => bridge.onPush(guardedListener(cb, reportError)),
    onLink: (cb) => {
      cb('open');
      return () => {};
    },
    forget: () => {},
  };
}

/** A path on the host from the page's other loopback name, with the session's token. */
function bulkUrl(path: string): string {
  // Its own connections, so a reply never queues behind the page's six to this name (tiles
  // from a slow source can hold them for seconds).
  const other = location.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return `${location.protocol}//${other}:${location.port}${path}?token=${encodeURIComponent(launchToken())}`;
}

/** A reply the host holds for HTTP (`BulkNotice`); a failed fetch is that request's error, not the socket's. */
async function fetchBulk(n: BulkNotice): Promise<ServerMessage> {
  try {
    // Bounded: messages are handled in order, so a fetch that never ended would hold every later reply and push.
    const res = await fetchBytes(bulkUrl(n.path), AbortSignal.timeout(HISTORY_DEADLINE_MS));
    if (!res.body) throw new Error(`HTTP ${res.status}`);
    return decodeFrame(res.body) as ServerMessage;
  } catch (e) {
    return { type: 'error', id: n.id, error: { code: 'offline', message: `The console’s host did not hand over a reply of ${(n.bytes / 2 ** 20).toFixed(1)} MB: ${e instanceof Error ? e.message : String(e)}` } };
  }
}

/**
 * A claimed request's reply, asked for as the request is sent (decision 0069): null when the
 * host answered on the socket (204) or the fetch failed, and the notice's own GET is left to
 * say why.
 */
async function fetchClaim(id: string, signal: AbortSignal): Promise<ServerMessage | null> {
  try {
    const res = await fetchBytes(bulkUrl(`/bulk/${id}`), AbortSignal.any([signal, AbortSignal.timeout(HISTORY_DEADLINE_MS)]));
    if (!res.body) return null;
    const msg = decodeFrame(res.body) as ServerMessage;
    return msg.type !== 'push' && msg.id === id ? msg : null;
  } catch {
    return null;
  }
}

function socketTransport(): Transport {
  const session = takeSession();
  prepareBulkFetch();
  /** Set when no retry can help: every call, waiting or to come, gets this reason. */
  let deadEnd: string | null = null;
  const pending = new Map<RequestEnvelope['id'], (reply: ResponseEnvelope) => void>();
  const pushListeners = new Set<(env: PushEnvelope) => void>();
  const linkListeners = new Set<(s: LinkState) => void>();
  let socket: WebSocket | null = null;
  let state: LinkState = 'connecting';
  let retryMs = 250;
  let queue: { text: string; id: RequestEnvelope['id'] }[] = [];
  /** Claimed replies being fetched, by request id: taken by their notice, or dropped with a reply on the socket. */
  const claims = new Map<string, Promise<ServerMessage | null>>();
  let claimsStop = new AbortController();

  const send = (ws: WebSocket, text: string, id: RequestEnvelope['id']) => {
    if (typeof id === 'string' && CLAIM_ID.test(id)) claims.set(id, fetchClaim(id, claimsStop.signal));
    ws.send(text);
  };

  const setState = (s: LinkState) => {
    state = s;
    for (const l of linkListeners) l(s);
  };

  const giveUp = (message: string, why: LinkState) => {
    deadEnd = message;
    for (const [id, done] of pending) done({ type: 'error', id, error: { code: 'unauthorized', message } });
    pending.clear();
    queue = [];
    setState(why);
  };

  const connect = async () => {
    setState('connecting');
    const token = await session;
    if (!token) return giveUp(NO_SESSION, 'no-session');
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/rpc?token=${encodeURIComponent(token)}`);
    // Typed arrays come as binary frames, viewed in place (common/codec.ts).
    ws.binaryType = 'arraybuffer';
    socket = ws;
    let opened = false;
    ws.onopen = () => {
      opened = true;
      retryMs = 250;
      setState('open');
      for (const m of queue) send(ws, m.text, m.id);
      queue = [];
    };
    // Messages are handled strictly in order: a big reply fetched over HTTP (`BulkNotice`)
    // holds the ones behind it, so a load's pushes never overtake its reply.
    let inbox: Promise<void> = Promise.resolve();
    const handle = async (data: string | ArrayBuffer) => {
      let msg: SocketMessage;
      try {
        msg = decodeFrame(data) as SocketMessage;
        const claim = msg.type !== 'push' && typeof msg.id === 'string' ? msg.id : null;
        const claimed = claim === null ? undefined : claims.get(claim);
        if (claim !== null) claims.delete(claim);
        if (msg.type === 'bulk') msg = (await claimed) ?? (await fetchBulk(msg));
      } catch (e) {
        // A frame this page cannot read still ends its own call, with why.
        const id = frameId(data);
        const done = id === null ? undefined : pending.get(id);
        console.error('Fleet Console: a message from the host could not be read', e);
        if (id === null || !done) return;
        pending.delete(id);
        done({ type: 'error', id, error: { code: 'server_error', message: `The console’s host sent a reply this page could not read: ${e instanceof Error ? e.message : String(e)}` } });
        return;
      }
      if (msg.type === 'push') {
        for (const l of pushListeners) l(msg);
      } else if (msg.id !== null) {
        const done = pending.get(msg.id);
        pending.delete(msg.id);
        done?.(msg);
      }
    };
    ws.onmessage = (ev) => {
      inbox = inbox.then(() => handle(ev.data as string | ArrayBuffer));
    };
    ws.onclose = () => {
      socket = null;
      claimsStop.abort();
      claimsStop = new AbortController();
      claims.clear();
      // Requests in flight on a dead socket will never be answered: fail them clearly.
      for (const [id, done] of pending) {
        done({ type: 'error', id, error: { code: 'offline', message: 'The console’s host closed the connection.' } });
      }
      pending.clear();
      setState('closed');
      // Bounded, so a restarted host is found within 5 s of coming back.
      const wait = retryMs;
      retryMs = Math.min(retryMs * 2, 5000);
      if (opened) return void setTimeout(() => void connect(), wait);
      void sessionRefused(token).then((refused) => {
        if (refused) giveUp(LINK_INVALID, 'refused');
        else setTimeout(() => void connect(), wait);
      });
    };
  };
  void connect();

  return {
    claims: true,
    rpc(env) {
      return new Promise((resolve) => {
        if (deadEnd) return resolve({ type: 'error', id: env.id, error: { code: 'unauthorized', message: deadEnd } });
        pending.set(env.id, resolve);
        const text = encodeMessage(env);
        if (socket && state === 'open') send(socket, text, env.id);
        else queue.push({ text, id: env.id });
      });
    },
    onPush(cb) {
      // Reported as an uncaught error would be: let out, a throw would reject the inbox chain
      // and drop every later message, the other listeners of this one included.
      const l = guardedListener(cb, reportError);
      pushListeners.add(l);
      return () => pushListeners.delete(l);
    },
    onLink(cb) {
      linkListeners.add(cb);
      cb(state);
      return () => linkListeners.delete(cb);
    },
    forget(id) {
      pending.delete(id);
      // Its reply, if it still comes, is dropped: so are the bytes fetched for it.
      if (typeof id === 'string') claims.delete(id);
    },
  };
}

export function createTransport(): Transport {
  return window.fleet ? electronTransport(window.fleet) : socketTransport();
}
