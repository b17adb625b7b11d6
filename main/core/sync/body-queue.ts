/**
 * The big poll bodies of one connection (status, object list, profile: 31, 61 and 61 MB at
 * 50,000 objects) fetched and stored one at a time, positions first. Asked together, as at
 * sign-in, a restart or the end of an outage, a service builds them side by side and the
 * ingest worker reads them side by side, so each arrives only when all have, every one past
 * its poll's time limit, and the abandoned ones are asked again; in turn, the map has its
 * positions after the status alone (decision 0039). A request's time limit starts when it is
 * sent, not while it waits here.
 */
import PQueue from 'p-queue';

export type BigBody = 'status' | 'objects' | 'profile';

/** Higher runs first among those waiting: the map's positions, then the list, then the profile. */
const PRIORITY: Record<BigBody, number> = { status: 3, objects: 2, profile: 1 };

export interface BodyQueue {
  run<T>(kind: BigBody, work: () => Promise<T>): Promise<T>;
}

export function createBodyQueue(): BodyQueue {
  const queue = new PQueue({ concurrency: 1 });
  return { run: (kind, work) => queue.add(work, { priority: PRIORITY[kind] }) };
}
