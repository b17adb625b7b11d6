import { describe, expect, it } from 'vitest';
import { ALL_COLUMNS, DEFAULT_COLUMNS, gridLayout } from '../../../renderer/src/list/columns';

describe('the list grid’s columns', () => {
  it('share spare room by width and never shrink below a minimum', () => {
    const { template, minWidth } = gridLayout(['name', 'speed']);
    expect(template).toBe('minmax(95px, 1.4fr) minmax(54px, 0.8fr)');
    expect(minWidth).toBe(95 + 54 + 20 + 8);
  });

  it('the default columns fit the list of a 1024-pixel window unscrolled; all of them do not', () => {
    expect(gridLayout(DEFAULT_COLUMNS).minWidth).toBeLessThanOrEqual(Math.floor(1024 * 0.42));
    expect(gridLayout(ALL_COLUMNS).minWidth).toBeGreaterThan(700);
  });
});
