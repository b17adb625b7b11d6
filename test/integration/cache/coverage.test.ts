import { describe, expect, it } from 'vitest';
import { useTempCaches } from './helpers';

const t = useTempCaches();

describe('coverage', () => {
  it('merges overlapping and adjacent intervals and reports gaps', () => {
    const c = t.open({ dataDir: t.tempDir() });
    const cov = c.coverage;
    expect(cov.gaps(1, 0, 100)).toEqual([{ from: 0, till: 100 }]);

    cov.add(1, 10, 20);
    cov.add(1, 30, 40);
    expect(cov.gaps(1, 0, 100)).toEqual([
      { from: 0, till: 10 },
      { from: 20, till: 30 },
      { from: 40, till: 100 },
    ]);

    cov.add(1, 20, 30); // adjacent on both sides: one interval
    expect(c.db.prepare('SELECT from_ms, till_ms FROM coverage WHERE object_id = 1').raw().all()).toEqual([[10, 40]]);

    cov.add(1, 35, 60); // overlapping
    cov.add(1, 70, 80);
    cov.add(1, 5, 12);
    expect(cov.covered(1, 0, 100)).toEqual([
      { from: 5, till: 60 },
      { from: 70, till: 80 },
    ]);
    expect(cov.gaps(1, 0, 100)).toEqual([
      { from: 0, till: 5 },
      { from: 60, till: 70 },
      { from: 80, till: 100 },
    ]);
    expect(cov.gaps(1, 20, 50)).toEqual([]);
    expect(cov.gaps(1, 50, 75)).toEqual([{ from: 60, till: 70 }]);

    cov.add(1, 0, 1000); // swallows everything
    expect(c.db.prepare('SELECT count(*) FROM coverage WHERE object_id = 1').pluck().get()).toBe(1);
    expect(cov.gaps(1, 0, 1000)).toEqual([]);
  });

  it('keeps objects and data kinds apart', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.coverage.add(1, 0, 50);
    c.coverage.add(1, 0, 10, 'files');
    expect(c.coverage.gaps(2, 0, 50)).toEqual([{ from: 0, till: 50 }]);
    expect(c.coverage.gaps(1, 0, 50, 'files')).toEqual([{ from: 10, till: 50 }]);
    c.coverage.clear(1, 'files');
    expect(c.coverage.gaps(1, 0, 50, 'files')).toEqual([{ from: 0, till: 50 }]);
    expect(c.coverage.gaps(1, 0, 50)).toEqual([]);
  });

  it('forgets an interval of one object, in every kind, keeping the parts around it', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.coverage.add(1, 0, 100);
    c.coverage.add(1, 40, 60, 'files');
    c.coverage.add(2, 0, 100);
    c.coverage.forget(1, 30, 50);
    expect(c.coverage.gaps(1, 0, 100)).toEqual([{ from: 30, till: 50 }]);
    expect(c.coverage.gaps(1, 0, 100, 'files')).toEqual([{ from: 0, till: 50 }, { from: 60, till: 100 }]);
    expect(c.coverage.gaps(2, 0, 100)).toEqual([]);
    c.coverage.forget(1, 0, 100, 'files');
    expect(c.coverage.gaps(1, 0, 100, 'files')).toEqual([{ from: 0, till: 100 }]);
    expect(c.coverage.gaps(1, 0, 100)).toEqual([{ from: 30, till: 50 }]);
  });

  it('ignores empty intervals', () => {
    const c = t.open({ dataDir: t.tempDir() });
    c.coverage.add(1, 10, 10);
    c.coverage.add(1, 20, 5);
    c.coverage.add(1, 10.2, 10.9); // nothing whole inside
    expect(c.coverage.gaps(1, 0, 30)).toEqual([{ from: 0, till: 30 }]);
    expect(c.coverage.gaps(1, 30, 30)).toEqual([]);
  });
});
