/**
 * What each element of a status body's arrays was at the last poll, by its place: a digest of
 * its bytes and the id it named. A poll at 100,000 objects carries 780,000 elements in 62 MB,
 * of which a tenth change from one poll to the next; decoding and comparing all of them was
 * most of the ingest worker's time per poll. An element whose bytes are those of the element
 * at its place last time stands for a state the status copy already holds, so it is not
 * decoded at all (decision 0066).
 *
 * That holds only while the ids are as they were: the last read's ids were all different, and
 * the elements decoded now name, between them, the ids their places named before. Otherwise
 * (an object added, removed or named twice, elements moved) the array throws `MemoMiss` at its
 * end, and the caller reads the body again in full. Whoever keeps the status copy says when
 * a read is in it (`kept`) and when the copy changed otherwise (`forget`).
 */
import type { ElementSelect } from './json-spans';

/** The elements skipped cannot stand for themselves in this body: read it again with nothing skipped. */
export class MemoMiss extends Error {
  override name = 'MemoMiss';
}

/** A 53-bit digest of bytes (two FNV-1a hashes, 32 and 21 bits): a changed element that kept its digest is a chance of one in 2^53. */
export function digestBytes(b: Uint8Array, start: number, end: number): number {
  let x = 0x811c9dc5;
  let y = 0x050c5d1f;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    x = Math.imul(x ^ c, 0x01000193);
    y = Math.imul(y ^ c, 0x01000193) ^ (y >>> 13);
  }
  return (x >>> 0) * 0x200000 + ((y >>> 0) & 0x1fffff);
}

/**
 * The ids are kept as 32-bit numbers: two ids that fold to one only make the checks stricter
 * (a read whose ids differ is never taken for one whose ids are the same).
 */
interface Read {
  count: number;
  digests: Float64Array;
  ids: Int32Array;
}

function grown<T extends Float64Array | Int32Array>(a: T, n: number, like: number): T {
  if (n < a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(Math.max(1024, like > n ? like : 2 * n));
  b.set(a);
  return b;
}

/** One array's memory: the last read kept (`last`), and the one under way (`next`). */
export class ArrayMemo {
  private last: (Read & { distinct: boolean }) | undefined;
  private next: Read = { count: 0, digests: new Float64Array(0), ids: new Int32Array(0) };
  /** The places of the elements selected and not yet decoded, in order. */
  private waiting: number[] = [];
  private waited = 0;
  /** The ids the decoded elements' places named last time, and the ids they name now. */
  private before: number[] = [];
  private now: number[] = [];

  /** Starts a read of this array. */
  begin(): void {
    this.next = { count: 0, digests: this.next.digests, ids: this.next.ids };
    this.waiting = [];
    this.waited = 0;
    this.before = [];
    this.now = [];
  }

  private get usable(): boolean {
    return this.last !== undefined && this.last.distinct;
  }

  /** For the reader of the array's elements: decode only those not as they were. */
  readonly select: ElementSelect = (bytes, start, end, index) => {
    const next = this.next;
    // Sized as the last read at first: most polls hold as many elements.
    const like = this.last?.count ?? 0;
    next.digests = grown(next.digests, index, like);
    next.ids = grown(next.ids, index, like);
    next.count = index + 1;
    const d = digestBytes(bytes, start, end);
    next.digests[index] = d;
    const last = this.last;
    if (!this.usable) return true;
    if (index < last!.count && last!.digests[index] === d) {
      next.ids[index] = last!.ids[index]!;
      return false;
    }
    this.waiting.push(index);
    return true;
  };

  /** The ids the elements selected so far name, in the order they were selected (every element, in a read with nothing to compare). */
  decoded(ids: readonly number[]): void {
    const last = this.last;
    const usable = this.usable;
    for (const id of ids) {
      const index = usable ? this.waiting[this.waited] : this.waited;
      this.waited++;
      if (index === undefined || index >= this.next.count) throw new MemoMiss('more elements decoded than were selected');
      this.next.ids[index] = id;
      if (usable) {
        if (index >= last!.count) throw new MemoMiss('an element past the last read’s');
        this.before.push(last!.ids[index]!);
        this.now.push(id);
      }
    }
  }

  /** The array's elements are all read: throws MemoMiss where the skipped ones may not stand for themselves. */
  end(): void {
    if (this.waited !== (this.usable ? this.waiting.length : this.next.count)) throw new MemoMiss('fewer elements decoded than were selected');
    if (!this.usable) return;
    if (this.next.count !== this.last!.count) throw new MemoMiss('another number of elements');
    const sorted = (a: number[]) => Int32Array.from(a).sort();
    const before = sorted(this.before);
    const now = sorted(this.now);
    for (let i = 0; i < now.length; i++) if (now[i] !== before[i]) throw new MemoMiss('elements that name other ids');
  }

  /** The read under way is what the copy holds now. Its arrays become the last read's, and the last read's are the next one's to fill. */
  kept(): void {
    const { count, digests, ids } = this.next;
    const distinct = this.usable || allDifferent(ids.subarray(0, count));
    const spare = this.last;
    this.last = { count, digests, ids, distinct };
    this.next = { count: 0, digests: spare?.digests ?? new Float64Array(0), ids: spare?.ids ?? new Int32Array(0) };
  }

  forget(): void {
    this.last = undefined;
  }
}

/** The four arrays' memories, for one status copy. */
export class StatusMemo {
  readonly arrays = { Positions: new ArrayMemo(), SensorValues: new ArrayMemo(), DriverKeys: new ArrayMemo(), Stats: new ArrayMemo() };

  begin(): void {
    for (const a of Object.values(this.arrays)) a.begin();
  }

  kept(): void {
    for (const a of Object.values(this.arrays)) a.kept();
  }

  forget(): void {
    for (const a of Object.values(this.arrays)) a.forget();
  }
}

function allDifferent(ids: Int32Array): boolean {
  const sorted = ids.slice().sort();
  for (let i = 1; i < sorted.length; i++) if (sorted[i] === sorted[i - 1]) return false;
  return true;
}
