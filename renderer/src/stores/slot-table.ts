/**
 * Object id → store slot, in two typed arrays (open addressing, linear probing). The fleet
 * store hands a slot to every object of a snapshot at once: filling a Map with 50,000
 * entries, and its rehashes as it grows, took several times the rest of the snapshot's
 * apply, where a table sized up front is filled in one pass with no garbage.
 */
export class SlotTable {
  private keys = new Int32Array(0);
  /** The slot per entry, -1 where the entry is empty. */
  private slots = new Int32Array(0);
  private mask = -1;
  private count = 0;

  constructor(expected = 0) {
    this.clear(expected);
  }

  get size(): number {
    return this.count;
  }

  /** Empties the table, sized for `expected` entries without growing. */
  clear(expected = 0): void {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Int32Array(cap);
    this.slots = new Int32Array(cap).fill(-1);
    this.mask = cap - 1;
    this.count = 0;
  }

  /** The slot of `id`, or -1. */
  get(id: number): number {
    const { keys, slots, mask } = this;
    for (let i = hash(id) & mask; ; i = (i + 1) & mask) {
      const s = slots[i]!;
      if (s < 0 || keys[i] === id) return s;
    }
  }

  /** Gives `id` the slot `slot` (a non-negative integer), replacing any it had. */
  set(id: number, slot: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const { keys, slots, mask } = this;
    for (let i = hash(id) & mask; ; i = (i + 1) & mask) {
      if (slots[i]! < 0) {
        keys[i] = id;
        slots[i] = slot;
        this.count++;
        return;
      }
      if (keys[i] === id) {
        slots[i] = slot;
        return;
      }
    }
  }

  private grow(): void {
    const { keys, slots } = this;
    this.clear(keys.length);
    for (let i = 0; i < keys.length; i++) if (slots[i]! >= 0) this.set(keys[i]!, slots[i]!);
  }
}

/** Ids are often consecutive or strided: a multiplicative hash spreads them over the table. */
function hash(id: number): number {
  const h = Math.imul(id, 0x9e3779b1);
  return h ^ (h >>> 16);
}
