import { describe, expect, it } from 'vitest';
import { SlotTable } from '../../../renderer/src/stores/slot-table';

/** A small seeded generator: the same sequence every run, so a failure can be replayed. */
function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0);
}

describe('SlotTable', () => {
  it('agrees with a Map over inserts, overwrites and growth, whatever the ids', () => {
    const next = lcg(26);
    const table = new SlotTable();
    const ref = new Map<number, number>();
    // Strided ids (a fleet's), negative and zero ids, and ids that differ only in high bits.
    const ids = [0, -1, -2147483648, 2147483647, 1 << 20, 2 << 20, 3 << 20];
    for (let i = 0; i < 5000; i++) ids.push(1000 + i * 3, (next() | 0) >> (next() % 16));
    for (let i = 0; i < ids.length; i++) {
      const slot = next() % 100_000;
      table.set(ids[i]!, slot);
      ref.set(ids[i]!, slot);
    }
    expect(table.size).toBe(ref.size);
    for (const [id, slot] of ref) expect(table.get(id)).toBe(slot);
    for (let i = 0; i < 2000; i++) {
      const id = (next() | 0) >> 3;
      expect(table.get(id)).toBe(ref.get(id) ?? -1);
    }
  });

  it('is empty after clear, and takes entries again past the size it was cleared for', () => {
    const table = new SlotTable(4);
    for (let i = 0; i < 100; i++) table.set(i * 7, i);
    table.clear(2);
    expect(table.size).toBe(0);
    expect(table.get(7)).toBe(-1);
    for (let i = 0; i < 100; i++) table.set(i * 11, 100 - i);
    for (let i = 0; i < 100; i++) expect(table.get(i * 11)).toBe(100 - i);
    expect(table.get(7)).toBe(-1);
  });
});
