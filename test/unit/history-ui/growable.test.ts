import { describe, expect, it } from 'vitest';
import type { HistoryData } from '../../../common/methods/history';
import { capacityOf, extendsView, grown, withRoom } from '../../../renderer/src/history/model/growable';
import { mergeHistory } from '../../../renderer/src/history/model/merge';
import { buildModel } from '../../../renderer/src/history/model/track-model';
import { drive, track } from './helpers';

describe('growable columns', () => {
  it('grow in place from the tip, leaving the shorter view as it was', () => {
    const a = withRoom(new Float64Array(0), 3, 10);
    a.set([1, 2, 3]);
    const b = grown(a, 5);
    b.set([4, 5], 3);
    expect(b.buffer).toBe(a.buffer);
    expect([...a]).toEqual([1, 2, 3]);
    expect([...b]).toEqual([1, 2, 3, 4, 5]);
    expect(extendsView(a, b)).toBe(true);
  });

  it('copy an older view that grows again, so the tip keeps its points', () => {
    const a = withRoom(new Float64Array(0), 2, 10);
    a.set([1, 2]);
    const tip = grown(a, 3);
    tip[2] = 3;
    const branch = grown(a, 3);
    branch[2] = 99;
    expect(branch.buffer).not.toBe(a.buffer);
    expect([...tip]).toEqual([1, 2, 3]);
    expect([...branch]).toEqual([1, 2, 99]);
    expect(extendsView(a, branch)).toBe(false);
  });

  it('copy when the buffer is full, with the room asked for', () => {
    const a = withRoom(new Uint8Array(0), 2, 2);
    a.set([7, 8]);
    const b = grown(a, 3, 8);
    expect(b.buffer).not.toBe(a.buffer);
    expect([...b]).toEqual([7, 8, 0]);
    expect(capacityOf(b)).toBe(8);
  });

  it('never grow into a buffer made elsewhere, where another column may lie behind', () => {
    const shared = new ArrayBuffer(8 * 4);
    const first = new Float64Array(shared, 0, 2);
    const second = new Float64Array(shared, 16, 2);
    second.set([5, 6]);
    const b = grown(first, 4);
    b.set([1, 1, 1, 1]);
    expect(b.buffer).not.toBe(shared);
    expect([...second]).toEqual([5, 6]);
    expect(capacityOf(first)).toBe(2);
  });
});

describe('a load appended window by window', () => {
  const H = 3_600_000;
  const rows = drive(6 * 360, 0).map(([t, lat, lng, s]) => [t * 10, lat, lng, s] as [number, number, number, number]);
  const part = (from: number, till: number, missing: [number, number][]): HistoryData => {
    const r = rows.filter(([t]) => t >= from && t < till);
    return { objectId: 1, from, till, track: track(r), parkings: [], events: [], files: [], sensors: [], violations: [], coverage: { complete: missing.length === 0, missing } };
  };

  it('writes each window after the last in place, and every copy on screen keeps what it showed', () => {
    let data: HistoryData = { ...part(0, H, []), till: 6 * H, coverage: { complete: false, missing: [[H, 6 * H]] } };
    let model = buildModel(data.track);
    const copies: { data: HistoryData; model: ReturnType<typeof buildModel>; n: number; last: number; mx: number }[] = [];
    for (let h = 1; h < 6; h++) {
      const next = mergeHistory(data, part(h * H, (h + 1) * H, []));
      const nextModel = buildModel(next.track, undefined, model);
      // Room was made for the missing hours: the later windows went into the same buffers.
      if (h > 1) expect(next.track.time.buffer).toBe(data.track.time.buffer);
      if (h > 1) expect(nextModel.mx.buffer).toBe(model.mx.buffer);
      copies.push({ data, model, n: data.track.time.length, last: data.track.time.at(-1)!, mx: model.mx.at(-1)! });
      data = next;
      model = nextModel;
    }
    for (const c of copies) {
      expect(c.data.track.time.length).toBe(c.n);
      expect(c.data.track.time.at(-1)).toBe(c.last);
      expect(c.model.mx.length).toBe(c.n);
      expect(c.model.mx.at(-1)).toBe(c.mx);
    }
    const whole = track(rows);
    expect(data.track).toEqual(whole);
    expect(model).toEqual(buildModel(whole));
    expect(data.coverage.complete).toBe(true);
  });
});
