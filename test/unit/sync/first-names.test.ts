import { describe, expect, it } from 'vitest';
import { createFirstNames, type NamesList } from '../../../main/core/sync/first-names';
import type { PollBody } from '../../../main/core/sync/poll-body';

/** A promise and the function that settles it. */
function gate<T = void>() {
  let open!: (v: T) => void;
  const promise = new Promise<T>((r) => (open = r));
  return { promise, open };
}
const turn = () => new Promise((r) => setTimeout(r, 0));

/** First names whose steps this test lets go one at a time. */
function rig(aheadMaxMs?: number) {
  const positions = gate();
  const body = gate<PollBody>();
  const read = gate<Uint8Array>();
  const steps: string[] = [];
  const shown: NamesList[] = [];
  const names = createFirstNames({
    afterPositions: () => positions.promise,
    fetch: () => (steps.push('fetch'), body.promise),
    read: () => (steps.push('read'), read.promise),
    shown: (l) => shown.push(l),
    now: () => 42,
    log: () => {},
    ...(aheadMaxMs === undefined ? {} : { aheadMaxMs }),
  });
  return { names, positions, body, read, steps, shown };
}

describe('a first sign-in’s names', () => {
  it('are asked after the positions and shown as a names-only list until the full list is answered', async () => {
    const r = rig();
    r.names.start();
    await turn();
    expect(r.steps).toEqual([]);
    r.positions.open();
    await turn();
    expect(r.steps).toEqual(['fetch']);
    r.body.open('[]');
    await turn();
    const json = new Uint8Array([0x5b, 0x5d]);
    r.read.open(json);
    await turn();
    expect(r.shown).toEqual([{ json, fetchedAt: 42, namesOnly: true }]);
    expect(r.names.list()).toBe(r.shown[0]);
    expect(r.names.superseded()).toBe(true);
    expect(r.names.list()).toBeNull();
  });

  it('are neither asked nor shown once the full list is answered first', async () => {
    const r = rig();
    r.names.start();
    expect(r.names.superseded()).toBe(false);
    r.positions.open();
    await turn();
    expect(r.steps).toEqual([]);

    // Answered while they were being read: the full list stands, the names never show.
    const late = rig();
    late.names.start();
    late.positions.open();
    late.body.open('[]');
    await turn();
    expect(late.steps).toEqual(['fetch', 'read']);
    late.names.superseded();
    late.read.open(new Uint8Array([0x5b, 0x5d]));
    await turn();
    expect(late.shown).toEqual([]);
    expect(late.names.list()).toBeNull();
  });

  it('that fail leave the list to the full one and say why in the log', async () => {
    const shown: NamesList[] = [];
    const logs: string[] = [];
    const failing = createFirstNames({
      afterPositions: async () => {},
      fetch: async () => {
        throw new Error('GET /api/Objects/lite: 404');
      },
      read: async () => new Uint8Array(),
      shown: (l) => shown.push(l),
      now: () => 1,
      log: (m) => logs.push(m),
    });
    failing.start();
    await turn();
    expect(logs).toEqual(['the first names were not shown: GET /api/Objects/lite: 404']);
    expect(shown).toEqual([]);
    expect(failing.list()).toBeNull();
  });

  describe('hold the full list back', () => {
    /** Whether `p` has settled after the turns already due. */
    const settled = async (p: Promise<void>) => {
      let done = false;
      void p.then(() => (done = true));
      await turn();
      return done;
    };

    it('until their body is in, not until it is read', async () => {
      const r = rig();
      r.names.start();
      const ahead = r.names.ahead();
      expect(await settled(ahead)).toBe(false);
      r.positions.open();
      await turn();
      expect(r.steps).toEqual(['fetch']);
      expect(await settled(ahead)).toBe(false);
      r.body.open('[]');
      expect(await settled(ahead)).toBe(true);
      expect(r.steps).toEqual(['fetch', 'read']);
      expect(r.shown).toEqual([]);
    });

    it('not at all when they were never started, nor once they failed or gave way', async () => {
      expect(await settled(rig().names.ahead())).toBe(true);

      const gaveWay = rig();
      gaveWay.names.start();
      const ahead = gaveWay.names.ahead();
      expect(await settled(ahead)).toBe(false);
      gaveWay.names.superseded();
      expect(await settled(ahead)).toBe(true);

      const failing = createFirstNames({
        afterPositions: async () => {},
        fetch: async () => {
          throw new Error('GET /api/Objects/lite: 500');
        },
        read: async () => new Uint8Array(),
        shown: () => {},
        now: () => 1,
        log: () => {},
      });
      failing.start();
      await turn();
      expect(await settled(failing.ahead())).toBe(true);
    });

    it('for no longer than their limit when their body never comes', async () => {
      const r = rig(30);
      r.names.start();
      r.positions.open();
      const ahead = r.names.ahead();
      expect(await settled(ahead)).toBe(false);
      await new Promise((res) => setTimeout(res, 60));
      expect(await settled(ahead)).toBe(true);
      expect(r.steps).toEqual(['fetch']);
    });
  });
});
