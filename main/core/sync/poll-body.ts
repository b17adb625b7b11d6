/**
 * A poll body as it came off the socket: its chunks, one buffer, or text (tests). Bytes
 * cross to the worker without a copy (transferred) and are joined and decoded there: at
 * 50,000 objects, joining the chunks or decoding the UTF-8 costs the event loop tens of
 * milliseconds each. Or the handle to a body the worker fetched and kept (workers/fetch.ts):
 * then the bytes never reach the main side at all.
 */
import { joinChunks } from '../api/body-limits';
import { isHeldBody, type HeldBody } from '../api/http';

export type PollBody = string | Uint8Array | readonly Uint8Array[] | HeldBody;

export function textOf(body: PollBody): string {
  if (typeof body === 'string') return body;
  if (isHeldBody(body)) throw new Error('A held poll body can only be read by the worker that fetched it');
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  const utf8 = new TextDecoder();
  // A multi-byte character may straddle two chunks: the streaming decoder carries it over.
  return body.map((c, i) => utf8.decode(c, { stream: i < body.length - 1 })).join('');
}

/** A body's bytes in one buffer: a body still in chunks is joined (bodies of a declared length arrive whole: body-limits.ts). */
export function bytesOf(body: Uint8Array | readonly Uint8Array[]): Uint8Array {
  return body instanceof Uint8Array ? body : joinChunks(body);
}
