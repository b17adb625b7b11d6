/**
 * A write of many rows that can be done a slice at a time, each slice in a transaction of its
 * own, or all that is left at once: the status copy's write (status.ts), which the ingest
 * worker runs a slice per turn of its event loop (sync/write-behind.ts, decision 0059).
 */
import type { Db } from './db';

/** Rows a slice writes (`step`): 10 to 40 ms of the ingest worker's time for a status. */
export const STATUS_WRITE_SLICE = 10_000;

/** Writes up to `limit` rows from `offset`; answers how many it wrote. */
export type RowSlices = (offset: number, limit: number) => number;

/** `rows` written by `put`, a slice at a time. */
export function sliceWriter<T>(rows: readonly T[], put: (row: T, i: number) => void): RowSlices {
  return (offset, limit) => {
    const end = Math.min(rows.length, offset + limit);
    for (let i = offset; i < end; i++) put(rows[i]!, i);
    return end - offset;
  };
}

export interface SlicedWrite {
  /** Writes what is left, in one transaction. */
  write(): void;
  /** Writes the next slice in its own transaction; true while some is left. */
  step(): boolean;
}

/**
 * `parts` written in order. `last` runs in the last slice's transaction, `done` once it is
 * committed; a slice that throws calls `failed`, drops the rest and rethrows.
 */
export function slicedWrite(db: Db, parts: readonly RowSlices[], hooks: { last(): void; done(): void; failed(): void }): SlicedWrite {
  let part = 0;
  let offset = 0;
  const writeRows = (limit: number) => {
    while (part < parts.length && limit > 0) {
      const done = parts[part]!(offset, limit);
      offset += done;
      limit -= done;
      if (limit > 0) [part, offset] = [part + 1, 0];
    }
    if (part < parts.length) return false;
    hooks.last();
    return true;
  };
  let finished = false;
  const run = (limit: number) => {
    if (finished) return;
    try {
      finished = db.transaction(() => writeRows(limit)).immediate();
      if (finished) hooks.done();
    } catch (e) {
      finished = true;
      hooks.failed();
      throw e;
    }
  };
  return {
    write: () => run(Infinity),
    step: () => {
      run(STATUS_WRITE_SLICE);
      return !finished;
    },
  };
}
