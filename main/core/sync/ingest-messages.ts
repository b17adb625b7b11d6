/**
 * The ingest worker's messages (workers/protocol.ts): one per poll it stores, each answering
 * what changed. Apart from ingest.ts so the worker roles (workers/roles.ts) can name them
 * without importing the ingestor that starts the worker.
 */
import type { EventScope } from '../../../common/methods/events';
import type { PositionColumns } from '../../../common/methods/live';
import type { Message } from '../workers/protocol';
import type { EventsIngested } from './events-poll';
import type { PollBody } from './poll-body';

export interface ObjectsIngested {
  count: number;
  /** False when the list is the same as the one stored: nothing to push. */
  changed: boolean;
  /** Some object's ignition sensor changed: every object's ignition state must be re-sent. */
  ignitionChanged: boolean;
  /** Ids of objects new or changed in this list, and of those it no longer has. */
  changedIds: number[];
  removedIds: number[];
  /**
   * The windows must read the whole list again: a fresh worker's first answer, since what
   * its predecessor stored and never answered is a change nobody was told of.
   */
  reload?: boolean;
  /**
   * The new list as it will be stored (UTF-8 JSON array of ObjectSummary), sent with a changed
   * list answered before its write; the main side serves it until the write is done.
   */
  list?: Uint8Array;
}

/** Every ingest request may be the first of its kind to a fresh worker (ingest.ts followingSender). */
export interface Followed {
  /** Answer the whole stored picture rather than what changed. */
  full?: boolean;
}
export interface PollRequest extends Followed {
  body: PollBody;
  fetchedAt: number;
}

export type IngestMessages = {
  /** Stores a status poll; the positions that changed. */
  status: Message<PollRequest, PositionColumns>;
  objects: Message<PollRequest, ObjectsIngested>;
  profile: Message<PollRequest, void>;
  /** A reduced object list read as the windows' list (ingest-names.ts); nothing stored. */
  names: Message<Pick<PollRequest, 'body'>, Uint8Array>;
  /** Every stored last position with its ignition state. */
  snapshot: Message<Followed, PositionColumns>;
  /** One list of unacknowledged events: the feed or the full list. */
  events: Message<PollRequest & { scope: EventScope }, EventsIngested>;
  /** Answered once the last status poll's rows are in the file (they are written after its answer). */
  written: Message<Followed, void>;
  /** Reads the stored last positions for the first snapshot, before any window asks for it (StatusRepo.warm). */
  warm: Message<Followed, void>;
};
export type IngestKind = keyof IngestMessages;
