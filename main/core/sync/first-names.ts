/**
 * A first sign-in's list before its full list (decision 0073). With nothing cached, the
 * windows have no names to list until the full object list lands, which embeds every
 * object's sensors: tens of megabytes at 50,000 objects, seconds on a fast link and many
 * on a slow one. The reduced list (GET /api/Objects/lite) names every object in a fraction
 * of that, so it is asked once the first positions are answered (asked while the worker still
 * staged them, it delayed them), shown as the list, and dropped when the full list is answered. Nothing of it is stored: an object's details, the plates
 * and the groups come with the full list.
 *
 * The full list, the profile and the events' full list are asked only once the names' body is
 * in (`ahead`): asked side by side, a service sends them at once, and the names, a fifth of the
 * full list's bytes, arrived with its last ones instead of seconds before them (decision 0079).
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
  /** The longest the full list waits for the names' body (`ahead`); the names' own requests' time limit by default. */
  aheadMaxMs?: number;
}

export interface FirstNames {
  /** Asks for the names, unless the full list is answered first. */
  start(): void;
  /** The names while they stand in for the list, else null. */
  list(): NamesList | null;
  /** The full list is answered, or the sync stopped: the names give way. True when they had been shown. */
  superseded(): boolean;
  /**
   * Settles once the names' body is in or their attempt has ended, or after `aheadMaxMs`;
   * at once when they were never started. Never rejects.
   */
  ahead(): Promise<void>;
}

/** The screens' requests' time limit (api/http.ts): names slower than that are failing, not slow. */
const AHEAD_MAX_MS = 15_000;

export function createFirstNames(o: FirstNamesOptions): FirstNames {
  let shown: NamesList | null = null;
  let done = false;
  let started = false;
  let fetched = () => {};
  const inOrEnded = new Promise<void>((resolve) => (fetched = resolve));
  const run = async () => {
    await o.afterPositions();
    if (done) return;
    const body = await o.fetch().finally(fetched);
    if (done) return;
    const fetchedAt = o.now();
    const json = await o.read(body);
    if (done) return;
    shown = { json, fetchedAt, namesOnly: true };
    o.shown(shown);
  };
  return {
    start: () => {
      started = true;
      void run()
        .catch((e: unknown) => {
          // A service without the reduced list, or a body that does not parse: the full list follows all the same.
          o.log(`the first names were not shown: ${e instanceof Error ? e.message : String(e)}`);
        })
        .finally(fetched);
    },
    list: () => shown,
    superseded: () => {
      done = true;
      fetched();
      const was = shown !== null;
      shown = null;
      return was;
    },
    ahead: () => {
      if (!started) return Promise.resolve();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, o.aheadMaxMs ?? AHEAD_MAX_MS)));
      return Promise.race([inOrEnded, limit]).finally(() => clearTimeout(timer));
    },
  };
}
