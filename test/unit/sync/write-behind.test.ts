/**
 * The ingest worker's writes behind its answers: begun a moment after the answer, a slice per
 * turn of the event loop, the rest at once when a request needs the file whole.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wholeWrite, writeBehind, type PendingWrite } from '../../../main/core/sync/write-behind';

/** A write of `slices` slices that logs each as `name:i` (and `name:rest` when finished at once). */
function sliced(log: string[], name: string, slices: number, failAt = -1): PendingWrite {
  let i = 0;
  return {
    step() {
      if (i === failAt) throw new Error(`${name} failed`);
      log.push(`${name}:${i++}`);
      return i < slices;
    },
    write() {
      if (i < slices) log.push(`${name}:rest`);
      i = slices;
    },
  };
}

describe('writeBehind', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate'] }));
  afterEach(() => vi.useRealTimers());

  it('begins after its delay and writes a slice per turn, then settles', async () => {
    const log: string[] = [];
    const w = writeBehind({ delayMs: 20, onError: (e) => log.push(String(e)) });
    w.soon(sliced(log, 'a', 3));
    const idle = w.idle();
    expect(idle).toBeInstanceOf(Promise);
    vi.advanceTimersByTime(19);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(log).toEqual(['a:0']);
    vi.runOnlyPendingTimers();
    expect(log).toEqual(['a:0', 'a:1']);
    vi.runOnlyPendingTimers();
    expect(log).toEqual(['a:0', 'a:1', 'a:2']);
    await expect(idle).resolves.toBeUndefined();
    expect(w.idle()).toBeUndefined();
  });

  it('writes the rest at once when asked, and a new write only after the one before', async () => {
    const log: string[] = [];
    const w = writeBehind({ delayMs: 20, onError: (e) => log.push(String(e)) });
    w.soon(sliced(log, 'a', 5));
    vi.advanceTimersByTime(20);
    const idle = w.idle();
    w.now();
    expect(log).toEqual(['a:0', 'a:rest']);
    await expect(idle).resolves.toBeUndefined();
    w.soon(sliced(log, 'b', 5));
    w.soon(wholeWrite(() => log.push('list')));
    expect(log).toEqual(['a:0', 'a:rest', 'b:rest']);
    vi.runAllTimers();
    expect(log).toEqual(['a:0', 'a:rest', 'b:rest', 'list']);
    expect(w.idle()).toBeUndefined();
  });

  it('reports a slice that fails, drops the rest of that write and settles', async () => {
    const log: string[] = [];
    const w = writeBehind({ delayMs: 20, onError: (e) => log.push(e instanceof Error ? e.message : String(e)) });
    w.soon(sliced(log, 'a', 4, 2));
    const idle = w.idle();
    vi.runAllTimers();
    expect(log).toEqual(['a:0', 'a:1', 'a failed']);
    await expect(idle).resolves.toBeUndefined();
    w.now();
    expect(log).toHaveLength(3);
  });
});
