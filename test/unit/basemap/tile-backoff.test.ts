import { describe, expect, it } from 'vitest';
import { TileBackoff } from '../../../renderer/src/basemap/tile-backoff';

/** A hand-run timer and a source whose answer the test sets: no waiting on a clock. */
function rig(threshold = 3) {
  const timers: { f: () => void; ms: number }[] = [];
  const changes: boolean[] = [];
  const probes: ((ok: boolean) => void)[] = [];
  const clock = { t: 0 };
  const b = new TileBackoff({
    now: () => clock.t,
    threshold,
    firstDelayMs: 1000,
    maxDelayMs: 8000,
    probe: () => new Promise<boolean>((r) => probes.push(r)),
    onChange: (down) => changes.push(down),
    setTimer: (f, ms) => timers.push({ f, ms }) - 1,
    clearTimer: (i) => (timers[i as number] = { f: () => {}, ms: -1 }),
  });
  /** Fires the last timer and answers its probe. */
  const tick = async (ok: boolean) => {
    timers[timers.length - 1]!.f();
    probes[probes.length - 1]!(ok);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { b, timers, changes, probes, tick, clock };
}

describe('tile back-off', () => {
  it('takes the source as down only after failures in a row with no tile between', () => {
    const { b, changes, timers } = rig();
    b.failed();
    b.failed();
    b.loaded();
    b.failed();
    b.failed();
    expect(b.down).toBe(false);
    b.failed();
    expect(b.down).toBe(true);
    expect(changes).toEqual([true]);
    expect(timers).toHaveLength(1);
    // More failures while down start no more tries.
    for (let i = 0; i < 20; i++) b.failed();
    expect(timers).toHaveLength(1);
  });

  it('tries one tile after delays that double up to the ceiling, and comes back at the first answer', async () => {
    const { b, timers, changes, probes, tick, clock } = rig();
    for (let i = 0; i < 3; i++) b.failed();
    for (const ok of [false, false, false, false]) await tick(ok);
    expect(timers.map((t) => t.ms)).toEqual([1000, 2000, 4000, 8000, 8000]);
    expect(probes).toHaveLength(4);
    // A tile the cache had arriving while down says nothing of the source.
    b.loaded();
    expect(b.down).toBe(true);
    await tick(true);
    expect(b.down).toBe(false);
    expect(changes).toEqual([true, false]);
    // Down again at once (the tile tried was one a cache held): the wait goes on growing.
    for (let i = 0; i < 3; i++) b.failed();
    expect(timers[timers.length - 1]!.ms).toBe(8000);
    await tick(true);
    // Down again long after coming back: from the first delay.
    clock.t += 60_000;
    for (let i = 0; i < 3; i++) b.failed();
    expect(timers[timers.length - 1]!.ms).toBe(1000);
  });

  it('starts down when told the source failed, trying one tile after the first delay', () => {
    const { b, timers, changes } = rig();
    b.startDown();
    b.startDown();
    expect(b.down).toBe(true);
    expect(changes).toEqual([true]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
  });

  it('a new source forgets everything, and a try begun before answers nothing', async () => {
    const { b, timers, changes, probes } = rig();
    for (let i = 0; i < 3; i++) b.failed();
    timers[0]!.f();
    b.reset();
    expect(b.down).toBe(false);
    expect(changes).toEqual([true, false]);
    probes[0]!(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(timers).toHaveLength(1);
    expect(changes).toEqual([true, false]);
  });
});
