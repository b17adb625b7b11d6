/**
 * What each element of a status body's arrays was at the last poll, by its place: a digest of
 * its bytes and the id it named. A poll at 100,000 objects carries 800,000 elements in 62 MB,
 * of which a few percent change from one poll to the next (nearly all when every parked
 * object's time moves on); decoding and comparing all of them was most of the ingest worker's
 * time per poll. An element whose bytes are those of the element at its place last time
 * stands for a state the status copy already holds, so it is not decoded at all (decision 0066).
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
 * One array's memory: per place, the digest of the element last read there and the id it
 * named, folded to 32 bits (two ids that fold to one only make the checks stricter: a read
 * whose ids differ is never taken for one whose ids are the same). A read writes over the
 * places whose elements changed as it goes, so a read that does not end in `kept` leaves a
 * memory that is not trusted, and the next read decodes everything.
 */
export class ArrayMemo {
  private digests = new Float64Array(0);
  private ids = new Int32Array(0);
  /** How many places the last read kept had, and whether it can be compared with. */
  private count = 0;
  private trusted = false;
  /** This read: whether it compares, how many places it has seen, and how many of them it decodes. */
  private comparing = false;
  private seen = 0;
  private selected = 0;
  private decodedCount = 0;
  /**
   * The places decoded, in order, and the ids they name now: typed arrays kept from read to
   * read, since a poll may change nearly every element, and lists grown that long were garbage
   * the worker's heap held (decision 0066).
   */
  private places = new Int32Array(0);
  private named = new Int32Array(0);

  /** Starts a read of this array. */
  begin(): void {
    this.comparing = this.trusted;
    this.trusted = false;
    this.seen = 0;
    this.selected = 0;
    this.decodedCount = 0;
  }

  /** For the reader of the array's elements: decode only those not as they were. */
  readonly select: ElementSelect = (bytes, start, end, index) => {
    const d = digestBytes(bytes, start, end);
    this.seen = index + 1;
    if (!this.comparing) {
      if (index >= this.digests.length) this.grow(index);
      this.digests[index] = d;
      return true;
    }
    if (index >= this.count) throw new MemoMiss('more elements than the last read’s');
    if (this.digests[index] === d) return false;
    this.digests[index] = d;
    if (this.selected >= this.places.length) this.places = grownTo(this.places, this.count);
    this.places[this.selected++] = index;
    return true;
  };

  private grow(index: number): void {
    const size = Math.max(1024, 2 * index);
    this.digests = grownTo(this.digests, size);
    this.ids = grownTo(this.ids, size);
  }

  /** The ids the elements selected so far name, in the order they were selected (every element, in a read that does not compare). */
  decoded(ids: readonly number[]): void {
    for (const id of ids) {
      const k = this.decodedCount++;
      if (!this.comparing) {
        if (k >= this.seen) throw new MemoMiss('more elements decoded than were selected');
        this.ids[k] = id;
        continue;
      }
      if (k >= this.selected) throw new MemoMiss('more elements decoded than were selected');
      if (k >= this.named.length) this.named = grownTo(this.named, this.count);
      this.named[k] = id;
    }
  }

  /**
   * The array's elements are all read: throws MemoMiss where the skipped ones may not stand for
   * themselves. The ids their places named last time are still in `ids` here; the new ones are
   * written in once they pass.
   */
  end(): void {
    if (this.decodedCount !== (this.comparing ? this.selected : this.seen)) throw new MemoMiss('fewer elements decoded than were selected');
    if (!this.comparing) return;
    if (this.seen !== this.count) throw new MemoMiss('another number of elements');
    const n = this.selected;
    const before = new Int32Array(n);
    for (let k = 0; k < n; k++) before[k] = this.ids[this.places[k]!]!;
    before.sort();
    const now = this.named.slice(0, n).sort();
    for (let k = 0; k < n; k++) if (now[k] !== before[k]) throw new MemoMiss('elements that name other ids');
    for (let k = 0; k < n; k++) this.ids[this.places[k]!] = this.named[k]!;
  }

  /** The read under way is what the copy holds now. */
  kept(): void {
    this.trusted = this.comparing || allDifferent(this.ids.subarray(0, this.seen));
    this.count = this.seen;
  }

  forget(): void {
    this.trusted = false;
  }
}

function grownTo<T extends Float64Array | Int32Array>(a: T, size: number): T {
  const b = new (a.constructor as new (n: number) => T)(Math.max(size, a.length + 1024));
  b.set(a);
  return b;
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
