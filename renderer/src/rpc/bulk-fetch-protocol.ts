/** The messages between the page and its bulk-fetch worker (bulk-fetch.ts, bulk-fetch.worker.ts). */

export type BulkFetchRequest = { type: 'fetch'; seq: number; url: string } | { type: 'abort'; seq: number };

/** `body` only with status 200; `error`: the fetch failed (no answer, aborted), in its own words. */
export type BulkFetchReply = { seq: number; status: number; body: ArrayBuffer | null } | { seq: number; error: string };

export interface FetchedBytes {
  status: number;
  /** The body, with status 200 only. */
  body: ArrayBuffer | null;
}
