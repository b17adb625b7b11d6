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
  const name = v.constructor.name as TypedName;
  if (name in TYPED) return name;
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
    if (!name) return v;
    const t = v as AnyTyped;
    return { [TAG]: name, b64: toBase64(new Uint8Array(t.buffer, t.byteOffset, t.byteLength)) };
  });
}

export function decodeMessage(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v && typeof v === 'object' && TAG in v) {
      const { [TAG]: name, b64 } = v as { [TAG]: unknown; b64: unknown };
      if (typeof name === 'string' && name in TYPED && typeof b64 === 'string') {
        const bytes = fromBase64(b64);
        const Ctor = TYPED[name as TypedName];
        return new Ctor(bytes.buffer as ArrayBuffer, 0, bytes.byteLength / Ctor.BYTES_PER_ELEMENT);
      }
    }
    return v;
  });
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

function containsTyped(v: unknown): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (ArrayBuffer.isView(v)) return true;
  if (Array.isArray(v)) {
    for (const e of v) if (containsTyped(e)) return true;
    return false;
  }
  for (const k in v) if (containsTyped((v as Record<string, unknown>)[k])) return true;
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
  if (!containsTyped(value)) return JSON.stringify(value);
  const blobs: AnyTyped[] = [];
  let size = 0;
  const header = JSON.stringify(value, function (this: unknown, key: string, value: unknown) {
    const v = unconverted(this, key, value);
    const name = typedName(v);
    if (!name) return v;
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
  return JSON.parse(header, (_key, v: unknown) => {
    if (!v || typeof v !== 'object' || !(TAG in v) || !('at' in v)) return v;
    const { [TAG]: name, at, n } = v as { [TAG]: unknown; at: unknown; n: unknown };
    if (typeof name !== 'string' || !(name in TYPED)) return v;
    const Ctor = TYPED[name as TypedName];
    if (!Number.isSafeInteger(at) || !Number.isSafeInteger(n) || (at as number) < 0 || (n as number) < 0 || (at as number) % 8 !== 0) {
      throw new Error(`A binary frame with a malformed ${name} reference`);
    }
    const offset = start + (at as number);
    if (offset + (n as number) * Ctor.BYTES_PER_ELEMENT > bytes.length) throw new Error(`A binary frame whose ${name} runs past its end`);
    return new Ctor(bytes.buffer as ArrayBuffer, bytes.byteOffset + offset, n as number);
  });
}
