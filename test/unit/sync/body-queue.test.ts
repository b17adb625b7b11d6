import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBodyQueue, type BigBody, type BodyQueue } from '../../../main/core/sync/body-queue';

const PERIOD = 5_000;

/** Runs one turn of `kind` lasting `ms`, noting its start and end in `log`. */
function turn(q: BodyQueue, log: string[], kind: BigBody, name: string, ms: number): Promise<string> {
  return q.run(kind, async () => {
    log.push(`${name} start @${Date.now()}`);
    await new Promise((r) => setTimeout(r, ms));
    log.push(`${name} end @${Date.now()}`);
    return name;
  });
}

describe('big bodies in turn: a list or profile does not hold a status poll that falls due', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('a profile that would still run when the status poll is due lets it go first, then starts at once', async () => {
    const q = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log: string[] = [];
    // Timed once: the profile takes 3 s; a status poll ends at 3.5 s, so the next is due at 8.5 s.
    void turn(q, log, 'profile', 'profile 1', 3_000);
    void turn(q, log, 'status', 'status 1', 500);
    await vi.advanceTimersByTimeAsync(3_500);
    // At 6 s the profile's 3 s would run past 8.5 s.
    await vi.advanceTimersByTimeAsync(2_500);
    const profile = turn(q, log, 'profile', 'profile 2', 3_000);
    await vi.advanceTimersByTimeAsync(2_500);
    void turn(q, log, 'status', 'status 2', 1_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(profile).resolves.toBe('profile 2');
    expect(log).toEqual([
      'profile 1 start @0',
      'profile 1 end @3000',
      'status 1 start @3000',
      'status 1 end @3500',
      'status 2 start @8500',
      'status 2 end @9500',
      'profile 2 start @9500',
      'profile 2 end @12500',
    ]);
  });

  it('a body that ends before the status poll is due starts at once, as before', async () => {
    const q = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log: string[] = [];
    void turn(q, log, 'objects', 'list 1', 2_000);
    void turn(q, log, 'status', 'status 1', 500);
    await vi.advanceTimersByTimeAsync(2_500);
    void turn(q, log, 'objects', 'list 2', 2_000);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(log.slice(-2)).toEqual(['list 2 start @2500', 'list 2 end @4500']);
  });

  it('a kind not timed yet is expected to take as long as the longest timed body', async () => {
    const q = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log: string[] = [];
    void turn(q, log, 'objects', 'list', 4_000);
    void turn(q, log, 'status', 'status 1', 500);
    await vi.advanceTimersByTimeAsync(4_500);
    // 2 s after the status: the profile, never timed, is taken to need the list's 4 s (past 9.5 s).
    await vi.advanceTimersByTimeAsync(2_000);
    void turn(q, log, 'profile', 'profile', 100);
    await vi.advanceTimersByTimeAsync(3_000);
    void turn(q, log, 'status', 'status 2', 500);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(log.slice(-4)).toEqual(['status 2 start @9500', 'status 2 end @10000', 'profile start @10000', 'profile end @10100']);
  });

  it('a turn that may not yield (the first list of an empty cache) starts right after the status, even past the next poll', async () => {
    const q = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log: string[] = [];
    // A slow service: the status takes 6 s, longer than the period, so any untimed body would hold the next poll.
    void turn(q, log, 'status', 'status 1', 6_000);
    const list = q.run(
      'objects',
      async () => {
        log.push(`list start @${Date.now()}`);
        await new Promise((r) => setTimeout(r, 2_000));
        return 'list';
      },
      { yields: false },
    );
    await vi.advanceTimersByTimeAsync(8_000);
    await expect(list).resolves.toBe('list');
    expect(log).toEqual(['status 1 start @0', 'status 1 end @6000', 'list start @6000']);
    // The same turn allowed to yield waits for the next status poll (asked 4 s after the first ended).
    vi.setSystemTime(0);
    const q2 = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log2: string[] = [];
    void turn(q2, log2, 'status', 'status 1', 6_000);
    void turn(q2, log2, 'objects', 'list', 2_000);
    await vi.advanceTimersByTimeAsync(10_000);
    void turn(q2, log2, 'status', 'status 2', 6_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(log2).toEqual(['status 1 start @0', 'status 1 end @6000', 'status 2 start @10000', 'status 2 end @16000', 'list start @16000', 'list end @18000']);
  });

  it('it waits at most one period for a status poll that does not come (stopped, or backing off)', async () => {
    const q = createBodyQueue({ statusPeriodMs: () => PERIOD });
    const log: string[] = [];
    void turn(q, log, 'objects', 'list 1', 3_000);
    void turn(q, log, 'status', 'status', 500);
    await vi.advanceTimersByTimeAsync(3_500);
    await vi.advanceTimersByTimeAsync(4_000);
    const list = turn(q, log, 'objects', 'list 2', 3_000);
    await vi.advanceTimersByTimeAsync(PERIOD + 3_000);
    await expect(list).resolves.toBe('list 2');
    expect(log.slice(-2)).toEqual([`list 2 start @${7_500 + PERIOD}`, `list 2 end @${10_500 + PERIOD}`]);
  });

  it('without a status period (tests of one poll), bodies simply take turns by priority', async () => {
    const q = createBodyQueue();
    const log: string[] = [];
    void turn(q, log, 'profile', 'profile', 1_000);
    void turn(q, log, 'objects', 'list', 1_000);
    void turn(q, log, 'status', 'status', 1_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(log.filter((l) => l.includes('start'))).toEqual(['profile start @0', 'status start @1000', 'list start @2000']);
  });
});
