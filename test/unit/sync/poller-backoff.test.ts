import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../main/core/api/errors';
import { createConnectivity } from '../../../main/core/sync/connectivity';
import { createPoller } from '../../../main/core/sync/poller';

const unreadable = () => new ApiError('server_error', 'GET /api/ObjectsStatus: the answer could not be read', { endpoint: 'GET /api/ObjectsStatus' });
const refused = () => new ApiError('offline', 'GET /api/Events: connection refused', { endpoint: 'GET /api/Events' });

/** Issue 30: a poor link is polled at its period; only a service that stopped answering is backed off from. */
describe('poller backoff: only while nothing answers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('while other requests are answered, a failing poll runs again every period', async () => {
    const c = createConnectivity(() => {}, Date.now);
    const run = vi.fn(async () => {
      c.ok('events');
      c.fail('status', unreadable());
      throw unreadable();
    });
    const p = createPoller({ intervalMs: () => 1_000, run, backOff: () => !c.answering() });
    p.start();
    await vi.advanceTimersByTimeAsync(10_000);
    // At 0, 1, 2 … 10 s.
    expect(run).toHaveBeenCalledTimes(11);
    p.stop();
  });

  it('once nothing answers (judged offline), the wait doubles again', async () => {
    const c = createConnectivity(() => {}, Date.now);
    c.ok('events');
    const run = vi.fn(async () => {
      c.fail('events', refused());
      throw refused();
    });
    const p = createPoller({ intervalMs: () => 1_000, run, backOff: () => !c.answering() });
    p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(c.state().link!.state).toBe('offline');
    // At 0 and 1 s still a poor link (one period); judged offline at the third failure (2 s), whose wait doubled three times (8 s), then 16 s.
    expect(run).toHaveBeenCalledTimes(5);
    p.stop();
  });
});
