/**
 * What the HTTP client and a fetch that keeps bodies elsewhere (workers/fetch.ts) agree on:
 * the handle to a body that stayed where it was fetched, what a spooled body's reader needs
 * noted on the way, and what the client hands that fetch besides the request.
 */
import type { BodyBound } from './body-limits';

/**
 * A body that stayed where it was fetched: a fetch given to the client (workers/fetch.ts)
 * may answer a Response without a body and this handle under HELD_BODY, and `responseType:
 * 'raw'` then hands the handle to parse instead of the chunks.
 */
export interface HeldBody {
  held: number;
  /** Its size in bytes. */
  bytes: number;
  /** The thread keeping it: a restarted worker tells a handle of its predecessor from one it dropped. */
  worker: number;
}
export const HELD_BODY = Symbol('held body');

export const isHeldBody = (v: unknown): v is HeldBody => typeof v === 'object' && v !== null && 'held' in v;

/** The handle a Response carries when its body was kept by the fetch that made it. */
export function heldBodyOf(res: Response): HeldBody | undefined {
  return (res as Response & { [HELD_BODY]?: HeldBody })[HELD_BODY];
}

/**
 * What a spooled body's reader needs noted while it arrives, so that the file is not read
 * twice: its SHA-256 (whether an object list is the one stored), and where the arrays inside
 * its top-level object lie (a status read an array at a time: json-blocks.ts `objectMembers`).
 */
export interface SpoolAs {
  sha256?: boolean;
  members?: boolean;
}

/** What this client hands its fetch: a fetch that reads bodies elsewhere applies the bound there. */
export interface BoundedInit extends RequestInit {
  bodyBound?: BodyBound;
  spool?: SpoolAs;
}
