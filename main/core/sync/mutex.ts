/**
 * One holder at a time, in arrival order. The events poll and the outbox replay share one:
 * a list fetched before an acknowledgement landed must not be stored after it, or the
 * acknowledged events would come back until the next poll.
 */
export interface Mutex {
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export function createMutex(): Mutex {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(fn) {
      const next = tail.then(fn, fn);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}
