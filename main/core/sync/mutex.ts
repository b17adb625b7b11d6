/**
 * One holder at a time, in arrival order; a holder that fails does not block the next. The
 * one serial chain of the core: the events poll and the outbox replay share one (a list
 * fetched before an acknowledgement landed must not be stored after it, or the acknowledged
 * events would come back until the next poll); the dispatcher's writes, each vault file's
 * read-modify-write and each object's history loads run on their own.
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

/** A mutex per key, forgotten once nothing is queued on it. */
export interface KeyedMutex<K> {
  run<T>(key: K, fn: () => Promise<T>): Promise<T>;
}

export function createKeyedMutex<K>(): KeyedMutex<K> {
  const locks = new Map<K, { lock: Mutex; queued: number }>();
  return {
    run(key, fn) {
      let entry = locks.get(key);
      if (!entry) locks.set(key, (entry = { lock: createMutex(), queued: 0 }));
      const held = entry;
      held.queued++;
      const done = held.lock.run(fn);
      void done
        .catch(() => undefined)
        .then(() => {
          if (--held.queued === 0 && locks.get(key) === held) locks.delete(key);
        });
      return done;
    },
  };
}
