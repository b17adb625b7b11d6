/**
 * A long read written as a generator that yields where its caller may let the thread's event
 * loop turn: the ingest worker reads a status's rest this way after its answer (status.ts), so
 * that a body arriving meanwhile is read off its socket, and a request that does not need the
 * status (the names of a first sign-in) is answered, between two turns. Where nothing waits,
 * the same read runs to its end at once.
 */
export type Turns<R> = Generator<void, R, void>;

/** How long one turn of a read runs before it yields: about one slice of the status's write. */
export const TURN_MS = 20;

/** Where a read may yield: `due` once its turn's time is spent; `resumed` begins the next turn. */
export interface TurnClock {
  due(): boolean;
  resumed(): void;
}

/** A clock whose turns last `ms` (0: every check is due, a turn per batch). */
export function turnClock(ms: number = TURN_MS): TurnClock {
  let until = performance.now() + ms;
  return {
    due: () => performance.now() >= until,
    resumed: () => {
      until = performance.now() + ms;
    },
  };
}

/** The clock of a read that runs to its end at once. */
export const NEVER_DUE: TurnClock = { due: () => false, resumed: () => {} };

/** Runs `turns` to its end without yielding. */
export function allAtOnce<R>(turns: Turns<R>): R {
  for (;;) {
    const r = turns.next();
    if (r.done) return r.value;
  }
}
