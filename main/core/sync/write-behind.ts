/**
 * The ingest worker's writes that follow their answers (ingest.ts): a status or a new list is
 * answered first and written a moment later. A write runs a slice per turn of the worker's
 * event loop where it can (`step`), so that the thread still reads the next body off its
 * socket between slices: at a first sign-in the object list arrived while the first status,
 * a second's write at 50,000 objects, held the thread, and waited that second. A request
 * that needs the file as the answers so far describe it has the rest written at once (`now`).
 */

export interface PendingWrite {
  /** Writes a slice; true while some is left. */
  step(): boolean;
  /** Writes all that is left. */
  write(): void;
}

/** A write that has no slices: the whole of it is its one step. */
export const wholeWrite = (write: () => void): PendingWrite => ({
  step: () => {
    write();
    return false;
  },
  write,
});

export interface WriteBehind {
  /** Writes what is pending, then takes `w`, begun `delayMs` later, a slice per turn. */
  soon(w: PendingWrite): void;
  /** Writes what is pending, all of it, now. */
  now(): void;
  /** Settles once nothing is pending; undefined when nothing is. */
  idle(): Promise<void> | undefined;
}

export function writeBehind(opts: { delayMs: number; onError: (e: unknown) => void }): WriteBehind {
  let pending: PendingWrite | null = null;
  let cancel: (() => void) | null = null;
  let waiting: (() => void)[] = [];
  const done = () => {
    pending = null;
    const waiters = waiting;
    waiting = [];
    waiters.forEach((r) => r());
  };
  const now = () => {
    cancel?.();
    cancel = null;
    const w = pending;
    if (!w) return;
    try {
      w.write();
    } catch (e) {
      opts.onError(e);
    } finally {
      done();
    }
  };
  const slice = () => {
    cancel = null;
    const w = pending;
    if (!w) return;
    let more = false;
    try {
      more = w.step();
    } catch (e) {
      opts.onError(e);
    }
    if (!more) return done();
    const next = setImmediate(slice);
    cancel = () => clearImmediate(next);
  };
  return {
    soon(w) {
      now();
      pending = w;
      const t = setTimeout(slice, opts.delayMs);
      cancel = () => clearTimeout(t);
    },
    now,
    idle: () => (pending ? new Promise<void>((r) => waiting.push(r)) : undefined),
  };
}
