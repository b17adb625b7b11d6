/**
 * The big poll bodies of one connection (status, object list, profile: 31, 61 and 61 MB at
 * 50,000 objects) fetched and stored one at a time, positions first. Asked together, as at
 * sign-in, a restart or the end of an outage, a service builds them side by side and the
 * ingest worker reads them side by side, so each arrives only when all have, every one past
 * its poll's time limit, and the abandoned ones are asked again; in turn, the map has its
 * positions after the status alone (decision 0039). A request's time limit starts when it is
 * sent, not while it waits here.
 *
 * One at a time, a list or profile started just before a status poll falls due holds that
 * poll for its whole length (seconds at 50,000 objects): the map then skips a poll. So a body
 * other than the status that would not end before the next status poll is due lets that poll
 * go first, once, and starts right after it (decision 0044). A body the windows have no copy
 * of at all (the first list of an empty cache) never yields: a map one poll older is better
 * than an empty list, and on a service slower than the poll period the yield cost the list a
 * whole extra status turn.
 */
import PQueue from 'p-queue';
import pTimeout from 'p-timeout';

/** 'reference': an empty turn the small reference lists wait for, so they follow the big bodies asked before them. */
export type BigBody = 'status' | 'objects' | 'profile' | 'reference';

/** Higher runs first among those waiting: the map's positions, then the list, then the profile, then the reference lists' turn. */
const PRIORITY: Record<BigBody, number> = { status: 3, objects: 2, profile: 1, reference: 0 };

export interface BodyQueue {
  /** `yields: false`: this turn does not let a status poll that falls due go first. */
  run<T>(kind: BigBody, work: () => Promise<T>, opts?: { yields?: boolean }): Promise<T>;
}

export interface BodyQueueOptions {
  /** The status poll's period: the next one is due this long after the last one ended. */
  statusPeriodMs?: () => number;
  now?: () => number;
}

const YIELD = Symbol('yield');

export function createBodyQueue(o: BodyQueueOptions = {}): BodyQueue {
  const queue = new PQueue({ concurrency: 1 });
  const now = o.now ?? Date.now;
  /** How long each kind's last turn took (fetch and store). */
  const took = new Map<BigBody, number>();
  let statusEnded: number | null = null;
  let statusEnd: { promise: Promise<void>; resolve: () => void } | null = null;
  const nextStatusEnd = () => {
    if (!statusEnd) {
      let resolve = () => {};
      const promise = new Promise<void>((r) => (resolve = r));
      statusEnd = { promise, resolve };
    }
    return statusEnd.promise;
  };

  /**
   * Whether a turn of `kind` starting now would still run when the next status poll is due.
   * A kind not yet timed is expected to take as long as the longest body timed so far.
   */
  const wouldHoldStatus = (kind: BigBody): boolean => {
    if (kind === 'status' || statusEnded === null || !o.statusPeriodMs) return false;
    const expected = took.get(kind) ?? Math.max(0, ...took.values());
    return now() + expected > statusEnded + o.statusPeriodMs();
  };

  const timed = async <T>(kind: BigBody, work: () => Promise<T>): Promise<T> => {
    const t0 = now();
    try {
      return await work();
    } finally {
      took.set(kind, now() - t0);
      if (kind === 'status') {
        statusEnded = now();
        statusEnd?.resolve();
        statusEnd = null;
      }
    }
  };

  return {
    run: async <T>(kind: BigBody, work: () => Promise<T>, opts?: { yields?: boolean }): Promise<T> => {
      const first = await queue.add(async () => (opts?.yields !== false && wouldHoldStatus(kind) ? YIELD : { value: await timed(kind, work) }), { priority: PRIORITY[kind] });
      if (first !== YIELD) return first.value;
      // The status poll goes first; bounded, in case none comes (stopped, or backing off).
      await pTimeout(nextStatusEnd(), { milliseconds: o.statusPeriodMs?.() ?? 0, message: false });
      return queue.add(() => timed(kind, work), { priority: PRIORITY[kind] });
    },
  };
}
