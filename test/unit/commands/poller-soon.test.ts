import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller } from '../../../main/core/sync/poller';

describe('poller.soon: an earlier run when something is expected, never a later one', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('brings the next run forward, then keeps the period it reads', async () => {
    let period = 10_000;
    const run = vi.fn(() => Promise.resolve());
    const p = createPoller({ intervalMs: () => period, run });
    p.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);

    period = 2_000;
    p.soon(2_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(3);

    // Already due sooner: soon() does not push it back, nor add a run.
    period = 10_000;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(run).toHaveBeenCalledTimes(4);
    p.soon(1_000);
    p.soon(500);
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(run).toHaveBeenCalledTimes(5);
    p.stop();
    p.soon(100);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(run).toHaveBeenCalledTimes(5);
  });
});
