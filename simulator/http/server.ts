/**
 * The HTTP front: routing, auth, body parsing, fault injection, the write log and error
 * bodies. Every error is {"Message": "..."}; nothing ever answers with HTML or a stack.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ZodError } from 'zod';
import type { Sim } from '../sim';
import { HttpError } from './errors';
import type { Method, Reply, Route } from './route';
import { deployedReply } from '../deployed/shapes';

interface Compiled {
  route: Route;
  parts: string[];
  literals: number;
}

const MAX_BODY = 50 * 1024 * 1024;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new HttpError(400, 'Malformed percent-encoding in the path');
  }
}

export class Router {
  private compiled: Compiled[];
  constructor(readonly routes: Route[]) {
    this.compiled = routes.map((route) => {
      const parts = route.path.split('/').filter(Boolean);
      return { route, parts, literals: parts.filter((p) => !p.startsWith('{')).length };
    });
  }

  match(method: string, path: string): { route: Route; params: Record<string, string> } | 'method' | undefined {
    const segs = path.split('/').filter(Boolean);
    let best: { c: Compiled; params: Record<string, string> } | undefined;
    let pathMatched = false;
    for (const c of this.compiled) {
      if (c.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const p = c.parts[i]!;
        const s = segs[i]!;
        if (p.startsWith('{')) params[p.slice(1, -1)] = safeDecode(s);
        else if (p.toLowerCase() !== s.toLowerCase()) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      pathMatched = true;
      if (c.route.method !== method) continue;
      if (!best || c.literals > best.c.literals) best = { c, params };
    }
    if (best) return { route: best.c.route, params: best.params };
    return pathMatched ? 'method' : undefined;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { Message: message }, headers);
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

function zodMessage(e: ZodError): string {
  const first = e.issues[0];
  if (!first) return 'Invalid request body';
  const where = first.path.length ? first.path.join('.') : 'body';
  return `Invalid request body: ${where}: ${first.message}`;
}

/** Writes a streamed reply with backpressure: the whole document never sits in memory. */
async function writeStream(res: ServerResponse, status: number, chunks: Iterable<string | Uint8Array>): Promise<void> {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  let buf = '';
  for (const c of chunks) {
    if (typeof c === 'string') {
      buf += c;
      if (buf.length < 65_536) continue;
    }
    // Text gathered so far goes first; bytes (the history's points) go out as they are.
    let ok = true;
    if (buf) ok = res.write(buf);
    buf = '';
    if (typeof c !== 'string') ok = res.write(c) && ok;
    if (!ok) await new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
    if (res.destroyed) return;
  }
  res.end(buf);
}

function streamText(chunks: Iterable<string | Uint8Array>): string {
  const decoder = new TextDecoder();
  let out = '';
  for (const c of chunks) out += typeof c === 'string' ? c : decoder.decode(c, { stream: true });
  return out + decoder.decode();
}

export async function sendReply(res: ServerResponse, reply: Reply, corrupt: 'truncate' | 'malformed' | 'none'): Promise<void> {
  const status = reply.status ?? 200;
  if ('bytes' in reply) {
    res.writeHead(status, { 'Content-Type': reply.type, 'Content-Length': reply.bytes.length });
    res.end(reply.bytes);
    return;
  }
  if ('empty' in reply) {
    res.writeHead(status, { 'Content-Length': 0 });
    res.end();
    return;
  }
  if ('kept' in reply && reply.kept && corrupt === 'none') {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(reply.kept) });
    res.end(reply.kept);
    return;
  }
  if ('stream' in reply && corrupt === 'none') {
    if (reply.sent) {
      res.once('finish', reply.sent);
      res.once('close', reply.sent);
    }
    await writeStream(res, status, reply.stream);
    return;
  }
  const text = 'stream' in reply ? streamText(reply.stream) : (reply.kept ?? JSON.stringify(reply.json));
  if ('stream' in reply) reply.sent?.();
  if (corrupt === 'truncate') {
    const len = Buffer.byteLength(text);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': len });
    res.write(text.slice(0, Math.max(1, Math.floor(text.length / 2))));
    setTimeout(() => res.destroy(), 5);
    return;
  }
  const out = corrupt === 'malformed' ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) + '\u0000<<garbled' : text;
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(out) });
  res.end(out);
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** `built`: called once the route's handler has made its answer, before it is sent (ServedLog). */
export async function handleApi(sim: Sim, router: Router, req: IncomingMessage, res: ServerResponse, url: URL, built?: () => void): Promise<void> {
  const path = url.pathname;
  const faults = sim.faults;
  let corrupt: 'truncate' | 'malformed' | 'none' = 'none';
  if (faults.applies(path)) {
    if (faults.current.outage === 'reset') {
      faults.injected.outageReset++;
      req.socket.destroy();
      return;
    }
    const delay = faults.delayMs();
    if (delay > 0) await sleep(delay);
    const action = faults.decide();
    if (action === 'reset') {
      req.socket.destroy();
      return;
    }
    if (action === 'ratelimit') {
      const s = faults.current.rateLimit?.retryAfterS ?? 1;
      sendError(res, 429, 'Too many requests', { 'Retry-After': String(s) });
      return;
    }
    if (action === 'error') {
      sendError(res, 500, 'Internal server error (simulated fault)');
      return;
    }
    if (action === 'truncate' || action === 'malformed') corrupt = action;
  }

  const m = router.match(req.method ?? 'GET', path);
  if (m === undefined) return sendError(res, 404, `No such method: ${req.method} ${path}`);
  if (m === 'method') return sendError(res, 405, `Method ${req.method} is not allowed on ${path}`);
  const { route, params } = m;

  let user = { Id: 0, Login: '', Name: '', CompanyId: 0, IsAdmin: false, Email: '', MutedGroupIds: [] as number[] };
  if (route.auth !== false) {
    const h = req.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(h)?.[1]?.trim();
    const uid = token ? await sim.auth.verify(token) : undefined;
    const u = uid !== undefined ? sim.user(uid) : undefined;
    if (!u) return sendError(res, 401, token ? 'The access token is invalid or has expired' : 'Authorization: Bearer <token> is required');
    user = u;
    if (route.admin && !u.IsAdmin) return sendError(res, 403, 'Administration rights are required');
  }

  let body: unknown;
  if (!route.multipart) {
    const raw = await readBody(req);
    body = parseJsonBody(raw);
    if (route.body) {
      const parsed = route.body.safeParse(body);
      if (!parsed.success) return sendError(res, 400, zodMessage(parsed.error));
      body = parsed.data;
    }
  }
  const ctx = { sim, user, params, body, query: url.searchParams, req };
  const reply = deployedReply(ctx, route, await route.handler(ctx));
  built?.();
  const status = reply.status ?? 200;
  if (route.write && status < 300) {
    sim.log.add({ time: sim.now(), method: route.method, path, userId: user.Id, status, body: body ?? null });
  }
  await sendReply(res, reply, corrupt);
}

export function errorToResponse(res: ServerResponse, e: unknown): void {
  if (e instanceof HttpError) return sendError(res, e.status, e.message, e.headers);
  if (e instanceof ZodError) return sendError(res, 400, zodMessage(e));
  return sendError(res, 500, 'Internal server error');
}

export type { Method };
