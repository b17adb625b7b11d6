/**
 * The HTTP policy against the simulator over real HTTP: re-sign-in on 401, Retry-After on
 * 429, retry after 500 and after a truncated body, offline, and commands that time out.
 * Waits between retries are recorded (and skipped unless the test needs them real).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, needRoute, type Harness } from './harness';
import { failure } from '../../support/failure';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('401', () => {
  it('an invalid token: one single-flight re-sign-in shared by concurrent requests, one retry each', async () => {
    h = await startHarness();
    h.token.value = 'not-a-valid-token';
    const results = await Promise.all([h.api.objects.list(), h.api.status.get(), h.api.objects.profile(), h.api.objects.listLite()]);
    expect(results[0].length).toBeGreaterThan(0);
    expect(h.signIns.count).toBe(1);
  });

  it('an expired token (short TTL, clock moved on) is renewed transparently', async () => {
    let offset = 0;
    h = await startHarness({ sim: { tokenTtlS: 60, now: () => Date.now() + offset } });
    await h.api.objects.list();
    offset = 120_000; // the token is now past its exp
    expect((await h.api.objects.list()).length).toBeGreaterThan(0);
    expect(h.signIns.count).toBe(1);
  });

  it('when re-sign-in does not help, unauthorized (no loop)', async () => {
    h = await startHarness({ http: { onUnauthorized: async () => true } });
    h.token.value = 'still-bad';
    const e = await failure(h.api.objects.list());
    expect(e.code).toBe('unauthorized');
    expect(e.message).toContain('invalid or has expired');
  });
});

describe('429', () => {
  it('Retry-After is honoured and the request then succeeds', async () => {
    h = await startHarness({ realSleep: true });
    h.sim.setFaults({ rateLimit: { limit: 1, windowMs: 1000, retryAfterS: 1 } });
    await h.api.objects.list(); // uses the window's one request
    const list = await h.api.objects.list(); // 429 → waits Retry-After → ok
    expect(list.length).toBeGreaterThan(0);
    expect(h.sleeps).toEqual([1000]);
  });

  it('rate_limited with retryAfterS when retries run out', async () => {
    h = await startHarness({ http: { retries: 2 } });
    h.sim.setFaults({ rateLimit: { limit: 0, windowMs: 60_000, retryAfterS: 3 } });
    const e = await failure(h.api.objects.list());
    expect(e.code).toBe('rate_limited');
    expect(e.retryAfterS).toBe(3);
    expect(h.sleeps).toEqual([3000, 3000]);
  });
});

describe('retries of reads', () => {
  it('a GET is retried after a 500', async () => {
    h = await startHarness({ onSleep: () => h!.sim.clearFaults() });
    h.sim.setFaults({ errorRate: 1, pathPattern: '^/api/Objects$' });
    expect((await h.api.objects.list()).length).toBeGreaterThan(0);
    expect(h.sleeps).toHaveLength(1);
  });

  it('a GET keeps failing: server_error with the server message after the retries', async () => {
    h = await startHarness({ http: { retries: 2 } });
    h.sim.setFaults({ errorRate: 1 });
    const e = await failure(h.api.status.get());
    expect(e.code).toBe('server_error');
    expect(e.message).toBe('GET /api/ObjectsStatus: Internal server error (simulated fault) (HTTP 500)');
    expect(h.sleeps).toHaveLength(2);
  });

  it('a GET whose connection is reset is retried', async () => {
    h = await startHarness({ onSleep: () => h!.sim.clearFaults() });
    h.sim.setFaults({ resetRate: 1 });
    expect((await h.api.objects.listLite()).length).toBeGreaterThan(0);
  });

  it('a GET whose body is cut short is retried', async () => {
    h = await startHarness({ onSleep: () => h!.sim.clearFaults() });
    h.sim.setFaults({ truncateRate: 1 });
    expect((await h.api.objects.list()).length).toBeGreaterThan(0);
    expect(h.sleeps).toHaveLength(1);
  });

  it('a malformed body is a server_error naming the endpoint, never a partial list', async () => {
    h = await startHarness({ http: { retries: 0 } });
    h.sim.setFaults({ malformedRate: 1 });
    const e = await failure(h.api.objects.list());
    expect(e.code).toBe('server_error');
    expect(e.message).toContain('GET /api/Objects');
  });

  it('the server not listening: offline', async () => {
    h = await startHarness({ http: { retries: 1 } });
    await h.sim.stopListening();
    const e = await failure(h.api.objects.list());
    expect(e.code).toBe('offline');
    await h.sim.startListening();
    expect((await h.api.objects.list()).length).toBeGreaterThan(0);
  });

  it('a GET with no answer in time: offline after the retries', async () => {
    h = await startHarness({ http: { retries: 1, timeoutMs: 200 } });
    h.sim.setFaults({ latencyMs: 2000, pathPattern: '^/api/Objects$' });
    const e = await failure(h.api.objects.list());
    expect(e.code).toBe('offline');
    expect(e.message).toContain('no answer within');
  });
});

describe('commands are never retried', () => {
  it('POST /api/Commands/run that times out → unknown_outcome pointing at the events', async (ctx) => {
    h = await startHarness({ http: { timeoutMs: 300 } });
    await needRoute(ctx, h, 'POST', '/api/Commands/run');
    const [o] = await h.api.objects.list();
    h.sim.setFaults({ latencyMs: 3000, pathPattern: 'Commands/run' });
    const e = await failure(h.api.commands.run({ ObjectIds: [o!.Id], Command: 'getstatus' }));
    expect(e.code).toBe('unknown_outcome');
    expect(e.message).toContain('events');
    expect(h.sleeps).toEqual([]);
  });

  it('POST /api/Commands/run whose connection is reset → unknown_outcome, sent once', async (ctx) => {
    h = await startHarness();
    await needRoute(ctx, h, 'POST', '/api/Commands/run');
    const [o] = await h.api.objects.list();
    h.sim.setFaults({ resetRate: 1, pathPattern: 'Commands/run' });
    h.sim.clearWriteLog();
    const e = await failure(h.api.commands.run({ ObjectIds: [o!.Id], Command: 'getstatus' }));
    expect(e.code).toBe('unknown_outcome');
    expect(h.sleeps).toEqual([]);
  });

  it('POST /api/Commands/run with a 500 → server_error, sent once', async (ctx) => {
    h = await startHarness();
    await needRoute(ctx, h, 'POST', '/api/Commands/run');
    const [o] = await h.api.objects.list();
    h.sim.setFaults({ errorRate: 1, pathPattern: 'Commands/run' });
    const e = await failure(h.api.commands.run({ ObjectIds: [o!.Id], Command: 'getstatus' }));
    expect(e.code).toBe('server_error');
    expect(h.sleeps).toEqual([]);
  });
});
