/**
 * The whole fleet's status body, built from the last one. Between two polls a few seconds
 * apart most objects have sent no new fix, and a body of 100,000 objects written afresh each
 * time took a core for seconds per poll on the machine the console is measured on. An
 * object's elements are copied as bytes from the last body when what they follow from is
 * unchanged, and written as text otherwise.
 *
 * Nothing kept here is an object per object, and no body has fresh buffers: the collector's
 * full passes over the simulator's heap of plans cost seconds, and both of those set them
 * off (kept objects growing old, tens of megabytes outside the heap). So the bookkeeping is
 * in typed arrays by object Id, and a body's buffers are used again once it has been sent
 * and a newer body is built: one still being sent to a slow reader is never written over.
 */

/** What an object's elements follow from: the same record, motion, fix time and online state give the same bytes. */
export interface ElementKey {
  rec: object;
  motion: object | undefined;
  time: number;
  online: boolean;
}

/** One growing buffer of comma-separated elements. */
class Arena {
  bytes: Buffer;
  used = 0;
  constructor(capacity: number) {
    this.bytes = Buffer.allocUnsafe(capacity);
  }

  private room(n: number): void {
    if (this.used + n <= this.bytes.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + n));
    this.bytes.copy(next, 0, 0, this.used);
    this.bytes = next;
  }

  /** Makes room for an element of at most n bytes, after a comma if it is not the first; returns its offset. */
  private start(n: number): number {
    this.room(n + 1);
    if (this.used > 0) this.bytes[this.used++] = 0x2c;
    return this.used;
  }

  /** Appends an element; returns its offset, its length being what `used` grew by after it. */
  text(s: string): number {
    const at = this.start(s.length * 3);
    this.used += this.bytes.write(s, at);
    return at;
  }

  copy(from: Buffer, off: number, len: number): number {
    const at = this.start(len);
    from.copy(this.bytes, at, off, off + len);
    this.used += len;
    return at;
  }

  reset(): void {
    this.used = 0;
  }

  view(): Buffer {
    return this.bytes.subarray(0, this.used);
  }
}

/** One body's buffers, one per array, and how many still need them: the newest body, and each reply sending it. */
interface ArenaSet {
  arenas: Arena[];
  holds: number;
}

export class KeptStatusBody {
  private last: ArenaSet | undefined;
  private readonly free: ArenaSet[] = [];
  private lastGen = 0;
  private gen = new Uint32Array(0);
  private time = new Float64Array(0);
  private online = new Uint8Array(0);
  private off = new Int32Array(0);
  private len = new Int32Array(0);
  private recs: (object | undefined)[] = [];
  private motions: (object | undefined)[] = [];

  constructor(private readonly arrays: readonly string[]) {}

  private fit(maxId: number): void {
    if (maxId < this.gen.length) return;
    const cap = Math.max(1024, (maxId + 1) * 2);
    const grow = <T extends Uint32Array | Float64Array | Uint8Array | Int32Array>(a: T, n: number, make: (n: number) => T): T => {
      const b = make(n);
      b.set(a);
      return b;
    };
    const k = this.arrays.length;
    this.gen = grow(this.gen, cap, (n) => new Uint32Array(n));
    this.time = grow(this.time, cap, (n) => new Float64Array(n));
    this.online = grow(this.online, cap, (n) => new Uint8Array(n));
    this.off = grow(this.off, cap * k, (n) => new Int32Array(n));
    this.len = grow(this.len, cap * k, (n) => new Int32Array(n));
  }

  private release(set: ArenaSet): void {
    if (--set.holds > 0) return;
    // Two spare sets at most: a third reader at once is rare, and its set is left to the collector.
    if (this.free.length < 2) this.free.push(set);
  }

  /**
   * The body's chunks for these objects, in their order. `texts` gives an object's elements of
   * each array as JSON text, '' where it has none. `sent`: to be called when the chunks have
   * been sent (or will not be); until then their buffers are not used again.
   */
  body(objects: readonly { Id: number }[], keyOf: (i: number) => ElementKey, texts: (i: number) => readonly string[]): { chunks: (string | Uint8Array)[]; sent: () => void } {
    const k = this.arrays.length;
    let maxId = 0;
    for (const o of objects) maxId = Math.max(maxId, o.Id);
    this.fit(maxId);
    const gen = this.lastGen + 1;
    const last = this.last?.arenas ?? [];
    const set = this.free.pop() ?? { arenas: this.arrays.map((_, a) => new Arena(Math.max(65_536, Math.ceil((last[a]?.used ?? 0) * 1.1)))), holds: 0 };
    for (const arena of set.arenas) arena.reset();
    set.holds = 2;
    const arenas = set.arenas;
    for (let i = 0; i < objects.length; i++) {
      const id = objects[i]!.Id;
      const key = keyOf(i);
      const kept = this.gen[id] === this.lastGen && this.lastGen > 0 && this.recs[id] === key.rec && this.motions[id] === key.motion
        && this.time[id] === key.time && this.online[id] === (key.online ? 1 : 0);
      const fresh = kept ? undefined : texts(i);
      for (let a = 0; a < k; a++) {
        const slot = id * k + a;
        const arena = arenas[a]!;
        let at = -1;
        if (kept) {
          if (this.len[slot]! > 0) at = arena.copy(last[a]!.bytes, this.off[slot]!, this.len[slot]!);
        } else if (fresh![a]) {
          at = arena.text(fresh![a]!);
        }
        // What was written ends where the arena does now; none: an empty slot.
        this.off[slot] = Math.max(0, at);
        this.len[slot] = at < 0 ? 0 : arena.used - at;
      }
      this.gen[id] = gen;
      this.recs[id] = key.rec;
      this.motions[id] = key.motion;
      this.time[id] = key.time;
      this.online[id] = key.online ? 1 : 0;
    }
    if (this.last) this.release(this.last);
    this.last = set;
    this.lastGen = gen;
    const chunks: (string | Uint8Array)[] = [];
    this.arrays.forEach((name, a) => chunks.push(`${a === 0 ? '{' : ','}"${name}":[`, arenas[a]!.view(), ']'));
    chunks.push('}');
    let done = false;
    const sent = (): void => {
      if (done) return;
      done = true;
      this.release(set);
    };
    return { chunks, sent };
  }
}
