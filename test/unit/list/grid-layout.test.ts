import { describe, expect, it } from 'vitest';
import { ALL_COLUMNS, DEFAULT_COLUMNS, gridLayout } from '../../../renderer/src/list/columns';

describe('the list grid’s columns', () => {
  it('share spare room by width and never shrink below a minimum', () => {
    const { template, minWidth } = gridLayout(['name', 'speed']);
    expect(template).toBe('minmax(106px, 1.4fr) minmax(61px, 0.8fr)');
    expect(minWidth).toBe(106 + 61 + 20 + 6);
  });

  it('the default columns fit the default list unscrolled; all of them do not', () => {
    expect(gridLayout(DEFAULT_COLUMNS).minWidth).toBeLessThanOrEqual(460);
    expect(gridLayout(ALL_COLUMNS).minWidth).toBeGreaterThan(700);
  });
});
