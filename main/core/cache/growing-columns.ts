/**
 * Typed-array columns that grow by doubling: a month is filled hour by hour into a few
 * big arrays instead of keeping 720 hourly parts alive until one final concatenation
 * (which both blocked for tens of ms and pushed the parts into the old generation:
 * measured here, 70 ms mark-compact pauses during a month's read).
 */
type Column = Float64Array | Float32Array | Int32Array | Uint8Array;

export class GrowingColumns<T extends { [K in keyof T]: Column } & { time: Float64Array }> {
  n = 0;
  constructor(
    private cols: T,
    private readonly make: (n: number) => T,
  ) {}

  /** The columns, with room for `m` more rows from index `n` (the caller writes them, then adds `m` to `n`). */
  reserve(m: number): T {
    if (this.n + m > this.cols.time.length) {
      const next = this.make(Math.max(this.n + m, this.cols.time.length * 2));
      for (const k of Object.keys(next) as (keyof T)[]) next[k].set(this.cols[k].subarray(0, this.n) as never);
      this.cols = next;
    }
    return this.cols;
  }

  append(p: T): void {
    const m = p.time.length;
    if (m === 0) return;
    const cols = this.reserve(m);
    for (const k of Object.keys(p) as (keyof T)[]) cols[k].set(p[k] as never, this.n);
    this.n += m;
  }

  /** Views of the filled part (the transports send a view's own bytes only). */
  result(): T {
    const out = {} as T;
    for (const k of Object.keys(this.cols) as (keyof T)[]) out[k] = this.cols[k].subarray(0, this.n) as T[keyof T];
    return out;
  }
}
