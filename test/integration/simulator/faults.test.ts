/* eslint-disable @typescript-eslint/no-explicit-any -- wire JSON, validated against the OpenAPI document by ajv */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { start, type Api } from './helpers';

let api: Api;
let demo: string;
beforeAll(async () => {
  api = await start({ objects: 20 });
  demo = await api.token('demo');
});
afterEach(() => {
  api.h.clearFaults();
});
afterAll(() => api.h.close());

const json = (r: Response): Promise<any> => r.json();
const get = (path: string): Promise<Response> => fetch(api.h.baseUrl + path, { headers: { Authorization: `Bearer ${demo}` } });
const ack = (ids: number[]): Promise<Response> =>
  fetch(api.h.baseUrl + '/api/Events/ack', { method: 'POST', headers: { Authorization: `Bearer ${demo}`, 'Content-Type': 'application/json' }, body: JSON.stringify(ids) });

describe('write log', () => {
  it('records each applied write once, in process and over HTTP', async () => {
    api.h.clearWriteLog();
    expect((await ack([42, 43])).status).toBe(200);
    const log = api.h.writeLog();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ method: 'POST', path: '/api/Events/ack', body: [42, 43], status: 200, userId: 1 });
    const overHttp = await (await fetch(api.h.baseUrl + '/__sim/log')).json();
    expect(overHttp).toEqual(log);
    await get('/api/Objects');
    expect(api.h.writeLog()).toHaveLength(1);
  });
});

describe('faults', () => {
  it('error rate: 500 {Message}, and the write is not applied', async () => {
    api.h.clearWriteLog();
    api.h.setFaults({ errorRate: 1 });
    const r = await ack([1]);
    expect(r.status).toBe(500);
    expect((await json(r)).Message).toBeTypeOf('string');
    expect(api.h.writeLog()).toHaveLength(0);
  });
  it('connection reset', async () => {
    api.h.setFaults({ resetRate: 1 });
    await expect(get('/api/Objects')).rejects.toThrow();
  });
  it('truncated and malformed bodies (the write is applied)', async () => {
    api.h.clearWriteLog();
    api.h.setFaults({ truncateRate: 1 });
    await expect(get('/api/Objects').then((r) => r.text())).rejects.toThrow();
    api.h.setFaults({ truncateRate: 0, malformedRate: 1 });
    const r = await get('/api/Objects');
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(() => JSON.parse(text)).toThrow();
    await ack([5]);
    expect(api.h.writeLog()).toHaveLength(1);
  });
  it('rate limit answers 429 with Retry-After', async () => {
    api.h.setFaults({ rateLimit: { limit: 2, windowMs: 60_000, retryAfterS: 7 } });
    expect((await get('/api/Objects')).status).toBe(200);
    expect((await get('/api/Objects')).status).toBe(200);
    const r = await get('/api/Objects');
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('7');
    expect((await json(r)).Message).toBeTypeOf('string');
  });
  it('faults can be limited to matching paths; latency is applied', async () => {
    api.h.setFaults({ errorRate: 1, pathPattern: '^/api/Events' });
    expect((await get('/api/Events')).status).toBe(500);
    expect((await get('/api/Objects')).status).toBe(200);
    api.h.setFaults({ errorRate: 0, pathPattern: '', latencyMs: 30 });
    expect((await get('/api/Objects')).status).toBe(200);
  });
  it('outage in process: refused, then recovery on the same port', async () => {
    await api.h.stopListening();
    expect(api.h.listening()).toBe(false);
    await expect(get('/api/Objects')).rejects.toThrow();
    await api.h.startListening();
    expect((await get('/api/Objects')).status).toBe(200);
  });
  it('outage over HTTP with automatic recovery; reset outage', async () => {
    const set = await fetch(api.h.baseUrl + '/__sim/faults', { method: 'POST', body: JSON.stringify({ outage: 'reset', outageMs: 0 }) });
    expect(set.status).toBe(200);
    await expect(get('/api/Objects')).rejects.toThrow();
    expect((await fetch(api.h.baseUrl + '/__sim/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await get('/api/Objects')).status).toBe(200);
    await fetch(api.h.baseUrl + '/__sim/faults', { method: 'POST', body: JSON.stringify({ outage: 'refuse', outageMs: 200 }) });
    let refused = false;
    let recovered = false;
    for (let i = 0; i < 100 && !recovered; i++) {
      try {
        const r = await get('/api/Objects');
        if (refused && r.status === 200) recovered = true;
      } catch {
        refused = true;
      }
      await new Promise((r) => setTimeout(r, 30));
    }
    expect(refused).toBe(true);
    expect(recovered).toBe(true);
    expect((await fetch(api.h.baseUrl + '/__sim/faults', { method: 'POST', body: 'nope' })).status).toBe(400);
  });
});

describe('error bodies', () => {
  it('unknown paths, methods and bad JSON answer {Message}, never HTML', async () => {
    for (const [m, p, body] of [['GET', '/api/Nope'], ['GET', '/'], ['PATCH', '/api/Objects'], ['POST', '/api/Events/ack', '{bad']] as [string, string, string?][]) {
      const r = await fetch(api.h.baseUrl + p, { method: m, headers: { Authorization: `Bearer ${demo}`, 'Content-Type': 'application/json' }, body });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.headers.get('content-type')).toMatch(/application\/json/);
      expect((await json(r)).Message).toBeTypeOf('string');
    }
  });
  it('the docs are served with a schema browser', async () => {
    const d = await json(await fetch(api.h.baseUrl + '/api/docs'));
    expect(d.openapi).toBe('3.1.0');
    const ui = await fetch(api.h.baseUrl + '/api/docs/ui');
    expect(ui.headers.get('content-type')).toMatch(/text\/html/);
  });
});
