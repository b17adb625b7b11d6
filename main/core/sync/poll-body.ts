/**
 * A poll body as it came off the socket: its chunks, one buffer, or text (tests). Bytes
 * cross to the worker without a copy (transferred) and are joined and decoded there: at
 * 50,000 objects, joining the chunks or decoding the UTF-8 costs the event loop tens of
 * milliseconds each. Or the handle to a body the worker fetched and kept (workers/fetch.ts):
 * then the bytes never reach the main side at all.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { joinChunks } from '../api/body-limits';
import { readRange, type ReadAt, type ReadInto } from '../api/json-blocks';
import { isHeldBody, type HeldBody } from '../api/held-body';
import { isSpooledBody, spooledBytes, type SpooledBody } from '../workers/fetch';

/** Or, in the worker that fetched it, a body it put down in a file as it arrived (workers/fetch.ts). */
export type PollBody = string | Uint8Array | readonly Uint8Array[] | HeldBody | SpooledBody;

export function textOf(body: PollBody): string {
  if (typeof body === 'string') return body;
  if (isHeldBody(body)) throw new Error('A held poll body can only be read by the worker that fetched it');
  if (isSpooledBody(body)) return new TextDecoder().decode(spooledBytes(body));
  if (body instanceof Uint8Array) return new TextDecoder().decode(body);
  const utf8 = new TextDecoder();
  // A multi-byte character may straddle two chunks: the streaming decoder carries it over.
  return body.map((c, i) => utf8.decode(c, { stream: i < body.length - 1 })).join('');
}

/** A body's bytes in one buffer: a body still in chunks is joined (bodies of a declared length arrive whole: body-limits.ts). */
export function bytesOf(body: Uint8Array | readonly Uint8Array[] | SpooledBody): Uint8Array {
  if (isSpooledBody(body)) return spooledBytes(body);
  return body instanceof Uint8Array ? body : joinChunks(body);
}

/** Reads a spooled body's file from its start, a buffer at a time (api/json-blocks.ts), with the file closed after. */
export function readSpooled<T>(body: SpooledBody, f: (read: ReadInto) => T): T {
  const file = openSpooled(body);
  try {
    return f(readRange(file.readAt, 0, body.bytes));
  } finally {
    file.close();
  }
}

/** A spooled body's file open for reading wherever asked (api/json-blocks.ts `objectMembers`) until closed. */
export interface SpooledFile {
  readAt: ReadAt;
  close(): void;
}

export function openSpooled(body: SpooledBody): SpooledFile {
  let fd: number | null = openSync(body.spooled, 'r');
  return {
    readAt: (into, position) => {
      if (fd === null) throw new Error('The spooled body was read after its file was closed');
      return readSync(fd, into, 0, into.length, position);
    },
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
