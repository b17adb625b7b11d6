/**
 * Behaviour of createHttp that needs exact control of answers (concurrency, single-flight,
 * the retry/no-retry split). A fetch function is injected; sleeps are instant. The same
 * behaviours run against the simulator over real HTTP in test/integration/api.
 */
import { describe, expect, it } from 'vitest';
import { createHttp, type HttpOptions } from '../../../main/core/api/http';
import { failure } from '../../support/failure';

type Handler = (url: string, init: RequestInit, n: number) => Promise<Response> | Response;

function setup(handler: Handler, opts: Partial<HttpOptions> = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const sleeps: number[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return handler(String(url), init ?? {}, calls.length);
  }) as typeof fetch;
  const http = createHttp({
    baseUrl: 'http://fleet.test/',
    getToken: async () => 'tok',
    fetchImpl,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...opts,
  });
  return { http, calls, sleeps };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const get = { method: 'GET' as const, path: '/api/Objects', endpoint: 'GET /api/Objects', parse: (r: unknown) => r };
const run = { method: 'POST' as const, path: '/api/Commands/run', endpoint: 'POST /api/Commands/run', body: { ObjectIds: [1], Command: 'x' }, parse: (r: unknown) => r };

const socketError = () => new TypeError('fetch failed', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
const refused = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });

describe('createHttp', () => {
  it('sends the bearer token, JSON body and query; joins base URL and path', async () => {
    const { http, calls } = setup(() => json([1]));
    await http.request({ ...run, query: { a: 1, b: [2, 3], c: undefined } });
    expect(calls[0]!.url).toBe('http://fleet.test/api/Commands/run?a=1&b=2&b=3');
    const h = calls[0]!.init.headers as Record<string, string>;
    expect(h.Authorization).toBe('Bearer tok');
    expect(h['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"ObjectIds":[1],"Command":"x"}');
    expect(calls[0]!.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('retries a GET after a 500 with growing jittered backoff, then succeeds', async () => {
    const { http, calls, sleeps } = setup((_u, _i, n) => (n < 3 ? json({ Message: 'boom' }, 500) : json([{ Id: 1 }])));
    expect(await http.request(get)).toEqual([{ Id: 1 }]);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([150, 300]); // random 0.5 × 300·2^n
  });

  it('gives up after `retries` extra attempts with server_error and the server message', async () => {
    const { http, calls } = setup(() => json({ Message: 'database down' }, 503), { retries: 2 });
    const e = await failure(http.request(get));
    expect(e.code).toBe('server_error');
    expect(e.message).toBe('GET /api/Objects: database down (HTTP 503)');
    expect(calls).toHaveLength(3);
  });

  it('honours Retry-After on 429 and maps to rate_limited when retries run out', async () => {
    const { http, calls, sleeps } = setup(() => json({ Message: 'slow down' }, 429, { 'retry-after': '2' }), { retries: 1 });
    const e = await failure(http.request(get));
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfterS).toBe(2);
    expect(sleeps).toEqual([2000]);
    expect(calls).toHaveLength(2);
  });

  it('never retries a non-idempotent write: 500 → server_error after one call', async () => {
    const { http, calls } = setup(() => json({ Message: 'x' }, 500));
    expect((await failure(http.request(run))).code).toBe('server_error');
    expect(calls).toHaveLength(1);
  });

  it('a dropped connection after sending a write → unknown_outcome, no retry', async () => {
    const { http, calls } = setup(() => Promise.reject(socketError()));
    const e = await failure(http.request(run));
    expect(e.code).toBe('unknown_outcome');
    expect(e.message).toContain('events');
    expect(calls).toHaveLength(1);
  });

  it('a write that times out → unknown_outcome', async () => {
    const { http } = setup(
      (_u, init) =>
        new Promise<Response>((_res, rej) => init.signal!.addEventListener('abort', () => rej(init.signal!.reason))),
      { timeoutMs: 20 },
    );
    const e = await failure(http.request(run));
    expect(e.code).toBe('unknown_outcome');
    expect(e.message).toContain('no answer within');
  });

  it('a write refused before connecting → offline (nothing was sent)', async () => {
    const { http, calls } = setup(() => Promise.reject(refused()));
    expect((await failure(http.request(run))).code).toBe('offline');
    expect(calls).toHaveLength(1);
  });

  it('a GET that keeps failing on the network → offline after retries', async () => {
    const { http, calls } = setup(() => Promise.reject(refused()), { retries: 2 });
    expect((await failure(http.request(get))).code).toBe('offline');
    expect(calls).toHaveLength(3);
  });

  it('idempotent: true writes (acks) are retried', async () => {
    const { http, calls } = setup((_u, _i, n) => (n === 1 ? Promise.reject(socketError()) : new Response('', { status: 200 })));
    await http.request({ method: 'POST', path: '/api/Events/ack', endpoint: 'POST /api/Events/ack', body: [1], idempotent: true, parse: () => undefined });
    expect(calls).toHaveLength(2);
  });

  it('maps 403, 404, 400 and 422 without retrying', async () => {
    for (const [status, code] of [[403, 'forbidden'], [404, 'not_found'], [400, 'invalid_input'], [422, 'invalid_input']] as const) {
      const { http, calls } = setup(() => new Response('nope', { status }));
      const e = await failure(http.request(get));
      expect(e.code).toBe(code);
      expect(e.message).toBe(`GET /api/Objects: nope (HTTP ${status})`);
      expect(calls).toHaveLength(1);
    }
  });

  it('401: one single-flight re-sign-in shared by concurrent requests, then one retry each', async () => {
    let token = 'old';
    let signIns = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { http, calls } = setup(
      (_u, init) => ((init.headers as Record<string, string>).Authorization === 'Bearer new' ? json({ ok: 1 }) : json({ Message: 'expired' }, 401)),
      {
        getToken: async () => token,
        onUnauthorized: async () => {
          signIns++;
          await gate;
          token = 'new';
          return true;
        },
      },
    );
    const all = Promise.all([http.request(get), http.request(get), http.request(get)]);
    // Let the three 401s arrive, then let the sign-in finish.
    for (let i = 0; i < 20 && calls.length < 3; i++) await new Promise((r) => setImmediate(r));
    release();
    expect(await all).toEqual([{ ok: 1 }, { ok: 1 }, { ok: 1 }]);
    expect(signIns).toBe(1);
    expect(calls).toHaveLength(6);
  });

  it('401 again after re-sign-in → unauthorized; no re-sign-in loop', async () => {
    let signIns = 0;
    const { http, calls } = setup(() => json({ Message: 'bad token' }, 401), {
      onUnauthorized: async () => {
        signIns++;
        return true;
      },
    });
    const e = await failure(http.request(get));
    expect(e.code).toBe('unauthorized');
    expect(signIns).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it('401 when re-sign-in is impossible → unauthorized at once', async () => {
    const { http, calls } = setup(() => json({ Message: 'bad token' }, 401), { onUnauthorized: async () => false });
    expect((await failure(http.request(get))).code).toBe('unauthorized');
    expect(calls).toHaveLength(1);
  });

  it('keeps at most maxInFlight requests in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const { http } = setup(
      async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setImmediate(r));
        inFlight--;
        return json(1);
      },
      { maxInFlight: 2 },
    );
    await Promise.all(Array.from({ length: 8 }, () => http.request(get)));
    expect(peak).toBe(2);
    expect(http.stats()).toEqual({ inFlight: 0, queued: 0 });
  });

  it('a parse failure is a server_error naming the endpoint, not a crash', async () => {
    const { http } = setup(() => json({ a: 1 }));
    const e = await failure(http.request({ ...get, parse: () => { throw new Error('bad'); } }));
    expect(e.code).toBe('server_error');
    expect(e.message).toContain('GET /api/Objects');
  });

  it('downloads bytes with media type and file name', async () => {
    const { http } = setup(() => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg; q=1', 'content-disposition': 'attachment; filename="a.jpg"' } }));
    const r = await http.request({ ...get, responseType: 'bytes' });
    expect(r).toEqual({ bytes: new Uint8Array([1, 2, 3]), mediaType: 'image/jpeg', fileName: 'a.jpg' });
  });
});

describe('truncated bodies', () => {
  it('a GET whose body was cut short is asked again; the complete answer wins', async () => {
    const { http, calls } = setup((_u, _i, n) => (n === 1 ? new Response('[{"Id":1},{"Id":2},', { status: 200 }) : json([{ Id: 1 }, { Id: 2 }, { Id: 3 }])));
    expect(await http.request(get)).toEqual([{ Id: 1 }, { Id: 2 }, { Id: 3 }]);
    expect(calls).toHaveLength(2);
  });
  it('when every answer is cut short, the repaired one is used (with a warning)', async () => {
    const warnings: string[] = [];
    const { http } = setup(() => new Response('{"a":[1,2', { status: 200 }), { retries: 1, log: { warn: (m) => void warnings.push(m) } });
    expect(await http.request(get)).toEqual({ a: [1, 2] });
    expect(warnings.length).toBeGreaterThan(0);
  });
});
