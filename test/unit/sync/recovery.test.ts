import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../main/core/api/errors';
import { createConnectivity } from '../../../main/core/sync/connectivity';
import { createPoller } from '../../../main/core/sync/poller';
import { createRecovery } from '../../../main/core/sync/recovery';

const refused = () => new ApiError('offline', 'GET /api/ObjectsStatus: connection refused', { endpoint: 'GET /api/ObjectsStatus' });
const http500 = () => new ApiError('server_error', 'GET /api/ObjectsStatus: the server failed (HTTP 500)', { endpoint: 'GET /api/ObjectsStatus', status: 500 });
const unreadable = () => new ApiError('server_error', 'GET /api/ObjectsStatus: the answer could not be read', { endpoint: 'GET /api/ObjectsStatus' });

describe('poller.reset: the backoff forgotten, one run now, never two at once', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs at once after failures and keeps the normal period from there', async () => {
    let fail = true;
    const run = vi.fn(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve()));
    const p = createPoller({ intervalMs: () => 1_000, run });
    p.start();
    // Failures at 0, 2, 6, 14 s: the next is due 16 s later.
    await vi.advanceTimersByTimeAsync(14_000);
    expect(run).toHaveBeenCalledTimes(4);
    fail = false;
    p.reset();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(6);
    p.stop();
  });

  it('does not start a second run while one is in flight, nor run when stopped', async () => {
    let release = () => {};
    const run = vi.fn(() => new Promise<void>((r) => (release = r)));
    const p = createPoller({ intervalMs: () => 1_000, run });
    p.start();
    p.reset();
    p.reset();
    expect(run).toHaveBeenCalledTimes(1);
    release();
    p.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    p.reset();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('recovery: probe while the service is not answering, reset every poller at its first answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (probeOk: () => boolean) => {
    const connectivity = createConnectivity(() => {});
    const probe = vi.fn(() => (probeOk() ? Promise.resolve() : Promise.reject(refused())));
    const recovery = createRecovery({ connectivity, probe, probeMs: 2_000, staggerMs: 300, minGapMs: 5_000 });
    const order: string[] = [];
    recovery.add(2, () => order.push('objects'));
    recovery.add(0, () => order.push('status'));
    recovery.add(1, () => order.push('events'));
    return { connectivity, probe, recovery, order };
  };

  it('sends no probe while online, nor for an answer that could not be read, nor for a 429', async () => {
    const { connectivity, probe, recovery } = setup(() => true);
    connectivity.ok('status');
    await vi.advanceTimersByTimeAsync(10_000);
    connectivity.fail('status', unreadable());
    connectivity.fail('events', new ApiError('rate_limited', 'GET /api/Events: too many requests (HTTP 429)', { endpoint: 'GET /api/Events', status: 429 }));
    expect(connectivity.failing()).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).not.toHaveBeenCalled();
    recovery.stop();
  });

  it('probes while refused; at the first answer resets status first, the others staggered', async () => {
    let up = false;
    const { connectivity, probe, recovery, order } = setup(() => up);
    connectivity.fail('status', refused());
    connectivity.fail('status', refused());
    expect(connectivity.state().state).toBe('offline');
    await vi.advanceTimersByTimeAsync(6_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(order).toEqual([]);

    up = true;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(connectivity.state().state).toBe('online');
    expect(order).toEqual(['status']);
    await vi.advanceTimersByTimeAsync(600);
    expect(order).toEqual(['status', 'events', 'objects']);
    // Answering again: the probe stops.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(probe).toHaveBeenCalledTimes(4);
    recovery.stop();
  });

  it('probes every half second while the connection is refused, every two seconds while it times out', async () => {
    const connectivity = createConnectivity(() => {});
    // What the HTTP client's error carries when nothing listens: the socket's code under the fetch's failure.
    const reallyRefused = () => new ApiError('offline', 'GET /api/ReportTypes: connection refused', { endpoint: 'GET /api/ReportTypes', cause: new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) }) });
    const timedOut = () => new ApiError('offline', 'GET /api/ReportTypes: no answer within 3 s', { endpoint: 'GET /api/ReportTypes' });
    let failure = reallyRefused;
    const probe = vi.fn(() => Promise.reject(failure()));
    const recovery = createRecovery({ connectivity, probe });
    connectivity.fail('status', reallyRefused());
    // The first probe at 2 s, then every 0.5 s: 2, 2.5, 3, 3.5, 4.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(probe).toHaveBeenCalledTimes(5);
    failure = timedOut;
    // Refused at 4 s (the one after it at 4.5 s times out), then every 2 s: 6.5, 8.5.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledTimes(8);
    recovery.stop();
  });

  it('resets on any data set answering after 500s, and at most once per gap when the service flaps', async () => {
    const { connectivity, recovery, order } = setup(() => false);
    connectivity.fail('status', http500());
    expect(connectivity.failing()).toBe(true);
    connectivity.ok('events');
    expect(order).toEqual(['status']);
    await vi.advanceTimersByTimeAsync(1_000);

    connectivity.fail('objects', http500());
    connectivity.ok('events');
    // 1 s after the last reset: deferred to the end of the gap, not dropped.
    await vi.advanceTimersByTimeAsync(3_900);
    expect(order).toEqual(['status', 'events', 'objects']);
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual(['status', 'events', 'objects', 'status']);
    recovery.stop();
    connectivity.fail('status', refused());
    connectivity.ok('status');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(order.length).toBe(4);
  });
});
