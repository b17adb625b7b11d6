/**
 * JSON with typed arrays. Large data (positions, tracks) crosses the boundary as
 * typed-array columns (DESIGN.md). Electron's structured clone carries them as they
 * are. Over the WebSocket, the page's requests are text with typed arrays tagged and
 * sent as base64 of their bytes (little-endian, as every platform we run on); the host's
 * replies and pushes use the binary frames below.
 */
const TYPED = {
  Float64Array,
  Float32Array,
  Int32Array,
  Uint32Array,
  Int16Array,
  Uint16Array,
  Int8Array,
  Uint8Array,
} as const;
type TypedName = keyof typeof TYPED;
type AnyTyped = InstanceType<(typeof TYPED)[TypedName]>;

const TAG = '__typed';
/**
 * Server data may hold a `__typed` key of its own (any JSON a device or an operator wrote).
 * An object that has one is sent with its tag-like keys (`__typed`, `___typed`, …) given one
 * more underscore and the marker `__typed: "keys"`, so every `__typed` on the wire was written
 * by this codec: the data round-trips as data, and a tag that is not ours is a broken frame.
 */
const ESCAPED = 'keys';
const TAG_LIKE = /^_{2,}typed$/;
const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
const isTypedName = (name: unknown): name is TypedName => typeof name === 'string' && hasOwn(TYPED, name);

function escapeKeys(v: object): Record<string, unknown> {
  // Entries, not assignment: a `__proto__` key stays a key.
  const entries = Object.keys(v).map((k): [string, unknown] => [TAG_LIKE.test(k) ? `_${k}` : k, (v as Record<string, unknown>)[k]]);
  entries.push([TAG, ESCAPED]);
  return Object.fromEntries(entries);
}

function unescapeKeys(v: object): Record<string, unknown> {
  const entries: [string, unknown][] = [];
  for (const k of Object.keys(v)) if (k !== TAG) entries.push([TAG_LIKE.test(k) ? k.slice(1) : k, (v as Record<string, unknown>)[k]]);
  return Object.fromEntries(entries);
}

/** A plain object that must be escaped before it is written (see ESCAPED). */
const collides = (v: unknown): v is object => v !== null && typeof v === 'object' && !Array.isArray(v) && hasOwn(v, TAG);

/** What a decoder does with an object carrying the tag: a typed array of its frame kind, unescaped data, or a clear error. */
function revived(v: Record<string, unknown>, typed: (name: TypedName, v: Record<string, unknown>) => AnyTyped): unknown {
  const name = v[TAG];
  if (name === ESCAPED) return unescapeKeys(v);
  if (isTypedName(name)) return typed(name, v);
  throw new Error(`A message with a malformed ${TAG} tag (${JSON.stringify(name)?.slice(0, 40)}): only the codec writes one`);
}

/** Node's Buffer when present (main side): much faster than the btoa loop the browser needs. */
interface BufferLike {
  from(data: ArrayBufferLike | string, offsetOrEncoding?: number | string, length?: number): Uint8Array & { toString(enc: string): string };
}
const NodeBuffer = (globalThis as { Buffer?: BufferLike }).Buffer;

function toBase64(bytes: Uint8Array): string {
  if (NodeBuffer) return NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let s = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) s += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(s);
}

function fromBase64(b64: string): Uint8Array {
  if (NodeBuffer) {
    const b = NodeBuffer.from(b64, 'base64');
    // Copy into a fresh, aligned buffer: Buffer slices may sit at any offset of a pool.
    const out = new Uint8Array(b.byteLength);
    out.set(b);
    return out;
  }
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

function typedName(v: unknown): TypedName | undefined {
  if (!ArrayBuffer.isView(v) || v instanceof DataView) return undefined;
  const name = v.constructor.name;
  if (isTypedName(name)) return name;
  // Node's Buffer (what SQLite blobs come back as) is a Uint8Array by another name: sent as
  // one, not as Buffer#toJSON's array of numbers (seconds for megabytes).
  return v instanceof Uint8Array ? 'Uint8Array' : undefined;
}

/**
 * The value as it was before JSON.stringify called its toJSON: the replacer is handed the
 * result, and Node's Buffer would arrive as `{ type: 'Buffer', data: [...] }`.
 */
function unconverted(holder: unknown, key: string, v: unknown): unknown {
  const raw = (holder as Record<string, unknown>)[key];
  return ArrayBuffer.isView(raw) ? raw : v;
}

export function encodeMessage(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key: string, value: unknown) {
    const v = unconverted(this, key, value);
    const name = typedName(v);
    if (!name) return collides(v) ? escapeKeys(v) : v;
    const t = v as AnyTyped;
    return { [TAG]: name, b64: toBase64(new Uint8Array(t.buffer, t.byteOffset, t.byteLength)) };
  });
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function decodeMessage(text: string): unknown {
  return revive(JSON.parse(text), text, (name, { b64 }) => {
    const Ctor = TYPED[name];
    const bytes = typeof b64 === 'string' && BASE64.test(b64) ? fromBase64(b64) : null;
    if (!bytes || bytes.byteLength % Ctor.BYTES_PER_ELEMENT !== 0) throw new Error(`A message with a malformed ${name}`);
    return new Ctor(bytes.buffer as ArrayBuffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
  });
}

/**
 * Tagged objects replaced, innermost first, after a plain JSON.parse: a reviver calls back
 * for every value and parsed the page's event list several times slower. Text that cannot
 * hold a tag (no `typed` and no `\u` escape that could spell one) is not walked at all.
 */
function revive(v: unknown, text: string, typed: (name: TypedName, v: Record<string, unknown>) => AnyTyped): unknown {
  if (!text.includes('typed') && !text.includes('\\u')) return v;
  const walk = (x: unknown): unknown => {
    if (x === null || typeof x !== 'object') return x;
    if (Array.isArray(x)) {
      for (let i = 0; i < x.length; i++) {
        const e: unknown = x[i];
        if (e !== null && typeof e === 'object') x[i] = walk(e);
      }
      return x;
    }
    const o = x as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      const e = o[k];
      if (e === null || typeof e !== 'object') continue;
      const r = walk(e);
      // A defined property, not an assignment: a `__proto__` key stays a key.
      if (r !== e) Object.defineProperty(o, k, { value: r, writable: true, enumerable: true, configurable: true });
    }
    return hasOwn(o, TAG) ? revived(o, typed) : o;
  };
  return walk(v);
}

/**
 * Binary frames, host to renderer. Base64 inflates a track by a third and the browser can
 * only decode it with a loop over every character (seconds for a month at 1 Hz); a binary
 * frame carries the arrays' bytes as they are and the renderer views them in place.
 *
 * Layout: u32 LE length of the header, the header (the message as JSON, each typed array
 * replaced by {__typed, at, n}), zero padding to a multiple of 8, then the arrays' bytes,
 * each starting at a multiple of 8 (`at` counts from the end of the padding), so every
 * array is a properly aligned view of the one buffer. A message without typed arrays
 * stays a JSON text frame.
 */
const align8 = (n: number) => (n + 7) & ~7;

export function encodeFrame(value: unknown): string | Uint8Array {
  const parts = encodeFrameParts(value);
  return typeof parts === 'string' ? parts : concatBytes(parts);
}

/** The parts as one buffer (the only one itself when there is one). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

const ZEROS = new Uint8Array(8);

/** Whether plain JSON.stringify would not do: a typed array, an object to escape, or a toJSON that could make one. */
function needsReplacer(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (ArrayBuffer.isView(v)) return true;
  if (Array.isArray(v)) {
    for (const e of v) if (needsReplacer(e)) return true;
    return false;
  }
  if (hasOwn(v, TAG) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return true;
  for (const k in v) if (needsReplacer((v as Record<string, unknown>)[k])) return true;
  return false;
}

/**
 * The binary frame as the pieces it is made of (header, then each array's own bytes and
 * padding), so a sender can write them as fragments of one message without first copying
 * a month of track into one buffer (hundreds of ms on the host's event loop).
 */
export function encodeFrameParts(value: unknown): string | Uint8Array[] {
  // A replacer doubles JSON.stringify's time (160 ms against 90 for the 50,000-object list);
  // a walk that stops at the first typed array costs a tenth of that.
  if (!needsReplacer(value)) return JSON.stringify(value);
  const blobs: AnyTyped[] = [];
  let size = 0;
  const header = JSON.stringify(value, function (this: unknown, key: string, value: unknown) {
    const v = unconverted(this, key, value);
    const name = typedName(v);
    if (!name) return collides(v) ? escapeKeys(v) : v;
    const t = v as AnyTyped;
    const ref = { [TAG]: name, at: size, n: t.length };
    blobs.push(t);
    size += align8(t.byteLength);
    return ref;
  });
  if (blobs.length === 0) return header;
  const head = new TextEncoder().encode(header);
  const first = new Uint8Array(align8(4 + head.length));
  new DataView(first.buffer).setUint32(0, head.length, true);
  first.set(head, 4);
  const parts: Uint8Array[] = [first];
  for (const t of blobs) {
    if (t.byteLength > 0) parts.push(new Uint8Array(t.buffer, t.byteOffset, t.byteLength));
    const pad = align8(t.byteLength) - t.byteLength;
    if (pad > 0) parts.push(ZEROS.subarray(0, pad));
  }
  return parts;
}

/** Decodes what `encodeFrame` (binary) or `encodeMessage` (text) made; throws on a frame that is neither. */
export function decodeFrame(data: string | ArrayBuffer | ArrayBufferView): unknown {
  if (typeof data === 'string') return decodeMessage(data);
  let bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  // Node hands frames out as slices of pooled buffers, at any offset: views need alignment.
  if (bytes.byteOffset % 8 !== 0) bytes = bytes.slice();
  if (bytes.length < 4) throw new Error('A binary frame shorter than its header length');
  const headLen = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  if (4 + headLen > bytes.length) throw new Error('A binary frame shorter than its header');
  const start = align8(4 + headLen);
  const header = new TextDecoder().decode(bytes.subarray(4, 4 + headLen));
  return revive(JSON.parse(header), header, (name, { at, n }) => {
    const Ctor = TYPED[name];
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(n) || (at as number) < 0 || (n as number) < 0 || (at as number) % 8 !== 0) {
      throw new Error(`A binary frame with a malformed ${name} reference`);
    }
    const offset = start + (at as number);
    if (offset + (n as number) * Ctor.BYTES_PER_ELEMENT > bytes.length) throw new Error(`A binary frame whose ${name} runs past its end`);
    return new Ctor(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset, n as number);
  });
}

/**
 * The id of the reply a frame carries, read without reviving it: a reply that cannot be
 * decoded still fails its own call instead of leaving it waiting. Null when even that fails.
 */
export function frameId(data: string | ArrayBuffer | ArrayBufferView): number | string | null {
  try {
    let text: string;
    if (typeof data === 'string') text = data;
    else {
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      const headLen = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true);
      text = new TextDecoder().decode(bytes.subarray(4, 4 + headLen));
    }
    const id = (JSON.parse(text) as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
