import { describe, expect, it } from 'vitest';
import { ROWS_PER_CHUNK, rowChunks } from '../../../renderer/src/events/row-chunks';

describe('the event rows in chunks', () => {
  it('keeps every row once, in order, in chunks of the size asked', () => {
    const rows = Array.from({ length: 61 }, (_, i) => i);
    const chunks = rowChunks(rows, 25);
    expect(chunks.map((c) => c.length)).toEqual([25, 25, 11]);
    expect(chunks.flat()).toEqual(rows);
  });

  it('a new row at the top moves one row across each boundary, the rest stay in their chunk', () => {
    const before = rowChunks(Array.from({ length: 3 * ROWS_PER_CHUNK }, (_, i) => i + 1));
    const after = rowChunks([0, ...before.flat()]);
    before.forEach((chunk, i) => {
      const kept = chunk.filter((r) => after[i]!.includes(r));
      expect(kept).toHaveLength(chunk.length - 1);
    });
  });

  it('gives no chunk for no rows', () => {
    expect(rowChunks([])).toEqual([]);
  });
});
