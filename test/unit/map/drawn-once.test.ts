import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import { DrawnOnce } from '../../../renderer/src/map/drawn-once';

/** A frame's sprites as sprites.ts asks for them, each "drawing" costing `costMs` of a clock the test moves. */
function rig(costMs: number) {
  let now = 0;
  const drawn: string[] = [];
  const once = new DrawnOnce(4, () => now);
  const draw = (what: string) => () => {
    drawn.push(what);
    now += costMs;
    return what;
  };
  return { once, drawn, draw, advance: (ms: number) => (now += ms) };
}

describe('things drawn once within a frame’s time', () => {
  it('draws new things until the frame’s time is spent, then their plain form, and the rest on the next frame', () => {
    const { once, drawn, draw } = rig(1.5);
    const shelf = new Map<number, string>();
    const ring = (r: number) => once.get(shelf, r, draw(`ring ${r}`), () => once.get(shelf, 0, draw('disc')));
    once.beginFrame();
    const first = [1, 2, 3, 4, 5, 6].map(ring);
    // 1.5 ms each: three fit in 4 ms (the third ends past it); the plain disc is drawn once and kept.
    expect(first).toEqual(['ring 1', 'ring 2', 'ring 3', 'disc', 'disc', 'disc']);
    expect(once.missed).toBe(3);
    expect(drawn).toEqual(['ring 1', 'ring 2', 'ring 3', 'disc']);

    once.beginFrame();
    expect([1, 2, 3, 4, 5, 6].map(ring)).toEqual(['ring 1', 'ring 2', 'ring 3', 'ring 4', 'ring 5', 'ring 6']);
    expect(once.missed).toBe(0);
    expect(drawn).toHaveLength(7);
  });

  it('gives what is kept whatever the time, and draws what has no plain form even past it', () => {
    const { once, drawn, draw, advance } = rig(0);
    const shelf = new Map<string, string>();
    once.beginFrame();
    once.get(shelf, 'arrow 10', draw('arrow 10'), () => 'dot');
    advance(5);
    expect(once.get(shelf, 'arrow 10', draw('again'), () => 'dot')).toBe('arrow 10');
    expect(once.get(shelf, 'arrow 20', draw('arrow 20'), () => 'dot')).toBe('dot');
    expect(once.get(shelf, 'dot', draw('dot'))).toBe('dot');
    expect(once.missed).toBe(1);
    expect(drawn).toEqual(['arrow 10', 'dot']);
  });

  it('on a shelf that drops what was used longest ago, keeps what each frame draws', () => {
    const { once, drawn, draw } = rig(0);
    const shelf = new LRUCache<number, string>({ max: 4 });
    once.beginFrame();
    for (const r of [1, 2, 3, 4]) once.get(shelf, r, draw(`ring ${r}`));
    // Ring 1 is drawn again (still in view) before a fifth comes: ring 2 goes, not ring 1.
    once.get(shelf, 1, draw('ring 1'));
    once.get(shelf, 5, draw('ring 5'));
    expect(drawn).toEqual(['ring 1', 'ring 2', 'ring 3', 'ring 4', 'ring 5']);
    once.get(shelf, 1, draw('ring 1'));
    once.get(shelf, 2, draw('ring 2'));
    expect(drawn.slice(5)).toEqual(['ring 2']);
  });
});

describe('things left for want of time', () => {
  it('are made over the next frames’ time without asking for them again, each once, and none twice when a frame made it meanwhile', () => {
    const { once, drawn, draw } = rig(1.5);
    const shelf = new Map<string, string>();
    const arrow = (h: number) => once.get(shelf, `arrow ${h}`, draw(`arrow ${h}`), () => 'dot');
    once.beginFrame();
    expect([10, 20, 30, 40, 50, 60, 70, 40].map(arrow)).toEqual(['arrow 10', 'arrow 20', 'arrow 30', 'dot', 'dot', 'dot', 'dot', 'dot']);
    expect(once.waitingCount).toBe(4);
    // A frame of catching up: three fit (the third ends past the time), one still waits.
    once.beginFrame();
    expect(once.makeWaiting()).toBe(true);
    expect(once.waitingCount).toBe(1);
    expect(drawn).toEqual(['arrow 10', 'arrow 20', 'arrow 30', 'arrow 40', 'arrow 50', 'arrow 60']);
    // A full frame draws the last one itself; catching up then makes nothing again.
    once.beginFrame();
    expect(arrow(70)).toBe('arrow 70');
    once.beginFrame();
    expect(once.makeWaiting()).toBe(false);
    expect(once.waitingCount).toBe(0);
    expect(drawn).toEqual(['arrow 10', 'arrow 20', 'arrow 30', 'arrow 40', 'arrow 50', 'arrow 60', 'arrow 70']);
    expect([10, 20, 30, 40, 50, 60, 70].map(arrow)).toEqual(['arrow 10', 'arrow 20', 'arrow 30', 'arrow 40', 'arrow 50', 'arrow 60', 'arrow 70']);
  });

  it('keep at most a shelf’s worth: the oldest left go first', () => {
    const { once, draw, advance } = rig(0);
    const shelf = new Map<number, string>();
    once.beginFrame();
    advance(5);
    for (let r = 0; r < 600; r++) once.get(shelf, r, draw(`ring ${r}`), () => 'disc');
    expect(once.waitingCount).toBe(512);
    once.beginFrame();
    expect(once.makeWaiting()).toBe(false);
    expect(shelf.has(87)).toBe(false);
    expect(shelf.has(88)).toBe(true);
    expect(shelf.has(599)).toBe(true);
  });
});
