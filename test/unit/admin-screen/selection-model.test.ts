import { describe, expect, it } from 'vitest';
import { applyClick, EMPTY_SELECTION, keepExisting, selectAll, unselectShown } from '../../../renderer/src/admin/selection-model';

const order = [10, 20, 30, 40, 50];
const ids = (s: { ids: ReadonlySet<number> }) => [...s.ids].sort((a, b) => a - b);

describe('the Admin table’s selection', () => {
  it('a click chooses one row; Ctrl-click adds and removes', () => {
    let s = applyClick(EMPTY_SELECTION, order, 20, 'only');
    s = applyClick(s, order, 40, 'toggle');
    expect(ids(s)).toEqual([20, 40]);
    s = applyClick(s, order, 20, 'toggle');
    expect(ids(s)).toEqual([40]);
    expect(ids(applyClick(s, order, 10, 'only'))).toEqual([10]);
  });

  it('Shift-click adds the range from the anchor in the shown order, either way, keeping the anchor', () => {
    let s = applyClick(EMPTY_SELECTION, order, 40, 'only');
    s = applyClick(s, order, 20, 'range');
    expect(ids(s)).toEqual([20, 30, 40]);
    s = applyClick(s, order, 50, 'range');
    expect(ids(s)).toEqual([20, 30, 40, 50]);
    // The range follows the shown order, not the ids.
    const sorted = [50, 10, 40, 20];
    expect(ids(applyClick(applyClick(EMPTY_SELECTION, sorted, 50, 'only'), sorted, 40, 'range'))).toEqual([10, 40, 50]);
  });

  it('Shift-click with no anchor in view adds only that row', () => {
    const s = applyClick({ ids: new Set([99]), anchor: 99 }, order, 30, 'range');
    expect(ids(s)).toEqual([30, 99]);
  });

  it('"select all" adds the rows shown to those chosen under another filter; unselecting the shown keeps the others', () => {
    const s = selectAll({ ids: new Set([99]), anchor: null }, [10, 20]);
    expect(ids(s)).toEqual([10, 20, 99]);
    expect(ids(unselectShown(s, [10, 20]))).toEqual([99]);
  });

  it('objects that disappear leave the selection; an unchanged one is the same object', () => {
    const s = { ids: new Set([10, 20]), anchor: 20 };
    expect(keepExisting(s, () => true)).toBe(s);
    const t = keepExisting(s, (id) => id !== 20);
    expect(ids(t)).toEqual([10]);
    expect(t.anchor).toBeNull();
  });
});
