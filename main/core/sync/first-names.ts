/**
 * A first sign-in's list before its full list (decision 0073). With nothing cached, the
 * windows have no names to list until the full object list lands, which embeds every
 * object's sensors: tens of megabytes at 50,000 objects, seconds on a fast link and many
 * on a slow one. The reduced list (GET /api/Objects/lite) names every object in a fraction
 * of that, so it is asked once the first positions are answered (asked while the worker still
 * staged them, it delayed them), shown as the list, and dropped when the full list is answered. Nothing of it is stored: an object's details, the plates
 * and the groups come with the full list.
 */
import type { ObjectsList } from '../../../common/methods/live';
import type { PollBody } from './poll-body';

/** The names as the windows' list, with when they were fetched. */
export type NamesList = ObjectsList & { fetchedAt: number; namesOnly: true };

export interface FirstNamesOptions {
  /** GET /api/Objects/lite, undecoded. */
  fetch: () => Promise<PollBody>;
  /** The body as the windows' list bytes (the ingestor decodes it off the event loop). */
  read: (body: PollBody) => Promise<Uint8Array>;
  /** Settles once the first status poll is answered (or has failed): the map's positions come first. */
  afterPositions: () => Promise<void>;
  /** Tells the windows to read the list again: it is now this one. */
  shown: (list: NamesList) => void;
  now: () => number;
  log: (msg: string) => void;
}

export interface FirstNames {
  /** Asks for the names, unless the full list is answered first. */
  start(): void;
  /** The names while they stand in for the list, else null. */
  list(): NamesList | null;
  /** The full list is answered, or the sync stopped: the names give way. True when they had been shown. */
  superseded(): boolean;
}

export function createFirstNames(o: FirstNamesOptions): FirstNames {
  let shown: NamesList | null = null;
  let done = false;
  const run = async () => {
    await o.afterPositions();
    if (done) return;
    const body = await o.fetch();
    if (done) return;
    const fetchedAt = o.now();
    const json = await o.read(body);
    if (done) return;
    shown = { json, fetchedAt, namesOnly: true };
    o.shown(shown);
  };
  return {
    start: () =>
      void run().catch((e: unknown) => {
        // A service without the reduced list, or a body that does not parse: the full list follows all the same.
        o.log(`the first names were not shown: ${e instanceof Error ? e.message : String(e)}`);
      }),
    list: () => shown,
    superseded: () => {
      done = true;
      const was = shown !== null;
      shown = null;
      return was;
    },
  };
}
