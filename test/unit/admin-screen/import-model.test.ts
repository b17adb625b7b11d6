import { describe, expect, it } from 'vitest';
import type { MatchProblem } from '../../../common/methods/jobs';
import { canKeep, kindsFor, mappingProblem, rowsWith, undecided, type Decision } from '../../../renderer/src/admin/import/import-model';

const problem = (row: number, kind: MatchProblem['kind']): MatchProblem => ({ row, kind, message: '', objectIds: [] });

describe('the import’s steps', () => {
  it('offers one job per value column, in column order', () => {
    expect(kindsFor(['imei', 'engine-hours', 'ignore', 'odometer'])).toEqual(['engine-hours', 'odometer']);
    expect(kindsFor(['name', 'company'])).toEqual(['owner']);
  });

  it('goes on only with a match column, a value column and no field mapped twice', () => {
    expect(mappingProblem(['odometer'])).toMatch(/Id, IMEI, plate or name/);
    expect(mappingProblem(['imei', 'ignore'])).toMatch(/value to set/);
    expect(mappingProblem(['imei', 'odometer', 'odometer'])).toMatch(/Two columns/);
    expect(mappingProblem(['imei', 'odometer', 'ignore', 'ignore'])).toBeNull();
  });

  it('lets a decrease or a jump be kept, and every problem be excluded; counts what is undecided', () => {
    expect(canKeep(problem(2, 'decrease'))).toBe(true);
    expect(canKeep(problem(2, 'unmatched'))).toBe(false);
    const d = new Map<number, Decision>([
      [2, 'exclude'],
      [5, 'keep'],
    ]);
    expect(undecided([problem(2, 'unmatched'), problem(5, 'jump'), problem(7, 'ambiguous')], d)).toBe(1);
    expect(rowsWith(d, 'exclude')).toEqual([2]);
    expect(rowsWith(d, 'keep')).toEqual([5]);
  });
});
