/**
 * Typed-array columns that grow in place while a load appends to them. A cold month
 * arrives window by window, and copying every column of the interval so far into new
 * arrays at each update (the track, then the model's projection) costs far more than the
 * bytes in the page (zero-fill and page faults). A column here is a view on a buffer with
 * room behind it; an append writes only the new points.
 *
 * Views are never changed under a reader: a view may grow in place only if it is the
 * longest handed out on its buffer (the tip), and growing only makes the new view longer.
 * An older, shorter copy that grows again (a branch) gets a buffer of its own.
 */

type Column = Float64Array | Float32Array | Uint8Array | Int32Array;

/**
 * Per buffer made here, in bytes from its start: how far views have been handed out. Only
 * these buffers grow in place: any other may hold other columns behind this one (a
 * decoded message's columns can share one buffer).
 */
const tips = new WeakMap<ArrayBufferLike, number>();

/** How many elements `a` may grow to in place: its own length unless its buffer was made here. */
export function capacityOf(a: Column): number {
  return tips.has(a.buffer) ? (a.buffer.byteLength - a.byteOffset) / a.BYTES_PER_ELEMENT : a.length;
}

/**
 * A column of `length` whose first `a.length` elements are `a`'s: a longer view on `a`'s
 * buffer when `a` is its tip and there is room, else a copy into a new buffer with room for
 * `capacity` elements. The elements after `a.length` are the caller's to write.
 */
export function grown<T extends Column>(a: T, length: number, capacity = length): T {
  const end = a.byteOffset + length * a.BYTES_PER_ELEMENT;
  if (length >= a.length && tips.get(a.buffer) === a.byteOffset + a.byteLength && end <= a.buffer.byteLength) {
    tips.set(a.buffer, end);
    return new (a.constructor as new (b: ArrayBufferLike, o: number, n: number) => T)(a.buffer, a.byteOffset, length);
  }
  const out = withRoom(a, length, capacity);
  out.set(a.subarray(0, Math.min(a.length, length)));
  return out;
}

/** A new, zeroed column of `length` like `a`, on a buffer with room for `capacity` elements. */
export function withRoom<T extends Column>(a: T, length: number, capacity = length): T {
  const Ctor = a.constructor as { new (n: number): T; BYTES_PER_ELEMENT: number };
  const buffer = new ArrayBuffer(Math.max(length, Math.ceil(capacity)) * Ctor.BYTES_PER_ELEMENT);
  tips.set(buffer, length * Ctor.BYTES_PER_ELEMENT);
  return new (a.constructor as new (b: ArrayBuffer, o: number, n: number) => T)(buffer, 0, length);
}

/** True when `b` is `a` or a longer view of the same elements (what `grown` gives in place). */
export function extendsView(a: Column, b: Column): boolean {
  return a.buffer === b.buffer && a.byteOffset === b.byteOffset && b.length >= a.length;
}
