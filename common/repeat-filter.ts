/**
 * Segments seen before, to within a grid of `grid` units (pixels, cells), either
 * direction: the History screen's track layer skips retraced segments with it, and the
 * host's sketch of a cached track keeps each street once. An open-addressing table of
 * keys in a Float64Array: a JS Set of numbers cost about a second per million segments.
 */
export class RepeatFilter {
  private keys = new Float64Array(1 << 12);
  /** Keys in `keys`. */
  private size = 0;
  /**
   * The table before the last growth, moved into `keys` a few slots per add: rehashing a
   * million keys at once was a 30–50 ms task in the middle of a pan. Until it is empty,
   * a key is looked for in both.
   */
  private old: Float64Array | null = null;
  private oldAt = 0;
  constructor(private readonly grid = 2) {}

  reset(): void {
    this.old = null;
    if (this.size === 0) return;
    this.keys.fill(0);
    this.size = 0;
  }

  /** True if the segment retraces one seen since the last reset; if not, it is remembered. */
  repeats(ax: number, ay: number, bx: number, by: number): boolean {
    const g = this.grid;
    const x1 = Math.round(ax / g);
    const y1 = Math.round(ay / g);
    const x2 = Math.round(bx / g);
    const y2 = Math.round(by / g);
    // Undirected: the same road driven back is the same segment. 0 marks an empty slot.
    const first = x1 < x2 || (x1 === x2 && y1 <= y2);
    const key = segmentKey(first ? x1 : x2, first ? y1 : y2, first ? x2 : x1, first ? y2 : y1) || 1;
    if (this.size * 2 >= this.keys.length) {
      // Not while a growth is under way: the new table is twice the old one, so its half
      // fills only after the old one's slots have all been moved (MIGRATE_PER_ADD ≥ 2).
      if (this.old) this.migrate(this.old.length);
      this.grow();
    }
    if (this.old) {
      this.migrate(MIGRATE_PER_ADD);
      if (this.old && has(this.old, key)) return true;
    }
    return !this.insert(key);
  }

  /** Puts `key` into `keys`; false if it was there. */
  private insert(key: number): boolean {
    const keys = this.keys;
    const mask = keys.length - 1;
    // ToUint32 keeps the key's low 32 bits, which come from the second mix.
    for (let i = (key >>> 0) & mask; ; i = (i + 1) & mask) {
      const k = keys[i]!;
      if (k === 0) {
        keys[i] = key;
        this.size++;
        return true;
      }
      if (k === key) return false;
    }
  }

  private grow(): void {
    this.old = this.keys;
    this.oldAt = 0;
    this.keys = new Float64Array(this.keys.length * 2);
    this.size = 0;
  }

  /** Moves up to `slots` more of the old table's slots into `keys`. */
  private migrate(slots: number): void {
    const old = this.old!;
    const end = Math.min(old.length, this.oldAt + slots);
    for (let i = this.oldAt; i < end; i++) if (old[i] !== 0) this.insert(old[i]!);
    this.oldAt = end;
    if (end === old.length) this.old = null;
  }
}

/** Old slots moved per new segment while a growth is under way. */
const MIGRATE_PER_ADD = 8;

function has(keys: Float64Array, key: number): boolean {
  const mask = keys.length - 1;
  for (let i = (key >>> 0) & mask; ; i = (i + 1) & mask) {
    const k = keys[i]!;
    if (k === 0) return false;
    if (k === key) return true;
  }
}

/**
 * 53 bits of two independent 32-bit mixes of the four cell coordinates (each under 2^29:
 * the track layer's pixels at zoom 20). A collision would hide one short segment; at a
 * few million segments its odds are about one in ten thousand per zoom level, against
 * exact keys that would cost strings.
 */
function segmentKey(a: number, b: number, c: number, d: number): number {
  const h1 = mix1(mix1(mix1(mix1(0x811c9dc5, a), b), c), d);
  const h2 = mix2(mix2(mix2(mix2(0x27d4eb2f, a), b), c), d);
  return (h1 >>> 0) * 0x200000 + (h2 >>> 11);
}
function mix1(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x01000193);
  return h ^ (h >>> 15);
}
function mix2(h: number, v: number): number {
  h = Math.imul(h ^ v, 0x85ebca6b);
  return h ^ (h >>> 13);
}
