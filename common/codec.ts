/**
 * JSON with typed arrays. Large data (positions, tracks) crosses the boundary as
 * typed-array columns (DESIGN.md). Electron's structured clone carries them as they
 * are; the WebSocket transport needs text, so typed arrays are tagged and sent as
 * base64 of their bytes (little-endian, as every platform we run on).
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
  return name in TYPED ? name : undefined;
}

export function encodeMessage(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
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
