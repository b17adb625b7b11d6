/**
 * What a big poll body becomes in the cache, on whichever side of the worker reads it: the
 * status staged against the copy, the profile without its objects, the two event lists (the
 * object list: ingest-list.ts). The status and the profile are read a batch at a time from
 * their bytes where they can be (decision 0047), or a block at a time from the file they were
 * spooled to (decisions 0060 and 0065), else whole.
 */
import { FleetError } from '../../../common/errors';
import type { EventScope } from '../../../common/methods/events';
import type { ObjectsStatus, Profile } from '../../../common/resources';
import { EVENTS_ENDPOINT, EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { membersOf, parseSpan, scanJson, type TopMembers } from '../api/json-spans';
import { MemoMiss, StatusMemo } from '../api/status-memo';
import { PROFILE_ENDPOINT, parseProfile } from '../api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus, statusBatches } from '../api/status';
import { isHeldBody, type HeldBody } from '../api/held-body';
import { objectMembers, withoutArrayMember } from '../api/json-blocks';
import { isSpooledBody } from '../workers/fetch';
import { decodeBodyDetailed, keyFold, type ApiLog } from '../api/tolerant';
import { wholeStatus, type Cache, type StatusChanges } from '../cache';
import { TURN_MS } from '../cache/turns';
import { storeAll, storeFeed, type EventsIngested } from './events-poll';
import { bytesOf, openSpooled, readSpooled, textOf, type PollBody, type SpooledFile } from './poll-body';
import type { PendingWrite } from './write-behind';

/**
 * What a repair kept and dropped goes to the process's log (the worker's console is the
 * host's): the poll goes on with what could be read, and someone can still learn why an
 * object is missing.
 */
const repairLog: ApiLog = { warn: (message, meta) => console.warn(`[ingest] ${message}`, meta ?? '') };

export function decode(body: PollBody, endpoint: string): unknown {
  const { value, repaired } = decodeBodyDetailed(textOf(body), endpoint, repairLog);
  // A repaired truncation may silently drop objects: better to skip this poll.
  if (repaired === 'truncated') throw new FleetError('server_error', `${endpoint}: the answer was cut short`);
  return value;
}

export function decodeStatus(body: PollBody): ObjectsStatus {
  return parseObjectsStatus(decode(body, STATUS_ENDPOINT), STATUS_ENDPOINT, { exact: true });
}

/** How a big body was read: in batches, whole (text, or a body the batches do not stand for), or not at all (a list's bytes as the stored one's). */
export type BodyRead = 'in batches' | 'whole' | 'same bytes';

/**
 * A body read by `inBatches` from its bytes, or by `whole` where it is text or a held handle,
 * or where `inBatches` cannot read it (it answers undefined or throws): the whole read then
 * repairs it or says what is wrong with it, at its own element numbers.
 */
function readBody<T>(body: PollBody, inBatches: (bytes: Uint8Array) => T | undefined, whole: (body: PollBody) => T): { value: T; read: BodyRead } {
  if (typeof body === 'string' || isHeldBody(body)) return { value: whole(body), read: 'whole' };
  const bytes = bytesOf(body);
  try {
    const value = inBatches(bytes);
    if (value !== undefined) return { value, read: 'in batches' };
  } catch {
    // Read whole below.
  }
  return { value: whole(bytes), read: 'whole' };
}

/**
 * A status poll staged (StatusRepo.stage), its body read a batch at a time where it can be:
 * a spooled one an array at a time from its file (decision 0065), never all in memory.
 *
 * The changes come from the positions and the readings; the driver keys and the stats are read
 * by the first step of the write (decision 0078), so the body is needed until then: `done` is
 * called once it is not (at once where the stage throws). Where that second read cannot take
 * the body (an element the batches refuse, or ids that moved), the status is staged again, in
 * full or whole, and that stage is written: its positions are those already answered.
 */
export function stageStatus(repos: Pick<IngestRepos, 'status'>, body: PollBody, fetchedAt: number, done: () => void = () => {}, turnMs = TURN_MS): StagedStatus {
  const memo = memoOf(repos.status);
  // Unchanged elements are left out where the copy allows (decision 0066); a body whose ids
  // moved since is read once more with nothing left out.
  const staged = (members: () => TopMembers) => {
    try {
      return repos.status.stage(statusBatches(members(), STATUS_ENDPOINT, memo), fetchedAt, turnMs);
    } catch (e) {
      if (!(e instanceof MemoMiss)) throw e;
      memo.forget();
      return repos.status.stage(statusBatches(members(), STATUS_ENDPOINT, memo), fetchedAt, turnMs);
    }
  };
  const whole = () => repos.status.stage(wholeStatus(decodeStatus(body)), fetchedAt, turnMs);
  let file: SpooledFile | undefined;
  const release = () => {
    file?.close();
    done();
  };
  try {
    if (isSpooledBody(body) && body.tops) {
      const { tops } = body;
      file = openSpooled(body);
      const at = file.readAt;
      const members = () => objectMembers(at, body.bytes, tops);
      try {
        return finishing(staged(members), 'in batches', () => staged(members), whole, release);
      } catch {
        // Read whole below.
        file.close();
        file = undefined;
      }
    }
    const { value, read } = readBody(
      body,
      (bytes) => staged(() => membersOf(scanJson(bytes))),
      () => whole(),
    );
    return finishing(value, read, () => staged(() => membersOf(scanJson(bytesOf(body as Exclude<PollBody, string | HeldBody>)))), whole, release);
  } catch (e) {
    release();
    throw e;
  }
}

type StatusStage = ReturnType<IngestRepos['status']['stage']>;

/**
 * A stage whose rest (StatusRepo.stage) is read by its write's first steps, a turn each; where
 * that throws, the body is staged again (`again` after ids that moved, else `whole`), and that
 * stage is written.
 */
function finishing(first: StatusStage, read: BodyRead, again: () => StatusStage, whole: () => StatusStage, release: () => void): StagedStatus {
  let current: PendingWrite = first;
  let finished = false;
  // Reads the next turn of the rest (all of it with `all`); true while some is left to read.
  const reading = (all: boolean): boolean => {
    if (finished) return false;
    let more = false;
    try {
      if (all) first.rest();
      else more = first.restTurn();
    } catch (e) {
      try {
        const next = e instanceof MemoMiss && read === 'in batches' ? restOr(again, whole) : whole();
        next.rest();
        current = next;
      } catch (e2) {
        // The positions were answered: they are stored too, and what could not be read is said
        // (the error names the element: a stat, a key, or a reading where those follow the answer).
        console.warn(`[ingest] ${STATUS_ENDPOINT}: only part of it was stored (the positions, and what was read before this): ${e2 instanceof Error ? e2.message : String(e2)}`);
        current = first.partial();
      }
    } finally {
      if (!more) {
        finished = true;
        release();
      }
    }
    return more;
  };
  return {
    changes: first.changes,
    read,
    // The turn that reads the last of the rest is a step of its own: the rows' slices follow.
    step: () => (finished ? current.step() : (reading(false), true)),
    write: () => {
      reading(true);
      current.write();
    },
  };
}

/** `stage`'s whole reading, or `fallback`'s where it throws. */
function restOr(stage: () => StatusStage, fallback: () => StatusStage): StatusStage {
  try {
    const s = stage();
    s.rest();
    return s;
  } catch {
    return fallback();
  }
}

/** Each status copy's memory of the last read (api/status-memo.ts), kept beside the copy for as long as it lives. */
const memos = new WeakMap<object, StatusMemo>();
function memoOf(copy: object): StatusMemo {
  let memo = memos.get(copy);
  if (!memo) memos.set(copy, (memo = new StatusMemo()));
  return memo;
}

/** A status's changes, how its body was read, and the write that reads the rest of it (write-behind.ts). */
export type StagedStatus = PendingWrite & { changes: StatusChanges; read: BodyRead };

export type IngestRepos = Pick<Cache, 'status' | 'objects' | 'objectsNext' | 'meta' | 'events' | 'profile' | 'transaction'>;

/**
 * The profile embeds every object (the size of the list itself), which the store does not keep
 * (ProfileRepo.put: the list is the objects' source). Where its bytes allow, every member but
 * the objects is decoded and the objects are skipped unread (json-spans.ts, decision 0047);
 * otherwise it is read whole, objects and all.
 */
export function ingestProfile(repos: IngestRepos, body: PollBody, fetchedAt: number): void {
  repos.profile.put(profileOf(body).profile, fetchedAt);
}

export function profileOf(body: PollBody): { profile: Profile; read: BodyRead } {
  if (isSpooledBody(body)) {
    // Spooled (workers/fetch.ts): its objects are skipped as the file is read, never all in memory.
    let kept: Uint8Array | undefined;
    try {
      kept = readSpooled(body, (read) => withoutArrayMember(read, 'objects'));
    } catch {
      // Read whole below.
    }
    if (kept) {
      const { profile, read } = profileOf(kept);
      if (read === 'in batches') return { profile, read };
    }
  }
  const { value, read } = readBody(
    body,
    (bytes) => {
      const scanned = scanJson(bytes);
      const members = scanned.kind === 'object' ? [...scanned.members] : [];
      const isObjects = ([key, m]: (typeof members)[number]) => keyFold(key) === 'objects' && m.elements !== undefined;
      if (!members.some(isObjects)) return undefined;
      const rest = Object.fromEntries(members.filter((m) => !isObjects(m)).map(([key, m]) => [key, parseSpan(bytes, m.start, m.end)]));
      return parseProfile({ ...rest, Objects: [] }, PROFILE_ENDPOINT);
    },
    (whole) => parseProfile(decode(whole, PROFILE_ENDPOINT), PROFILE_ENDPOINT),
  );
  return { profile: value, read };
}

/** Decodes one list of unacknowledged events, then stores it: one that does not parse leaves the cache as it was. */
export function ingestEvents(repos: IngestRepos, scope: EventScope, body: PollBody, fetchedAt: number): EventsIngested {
  if (scope === 'feed') return storeFeed(repos, parseEvents(decode(body, EVENTS_FEED_ENDPOINT), EVENTS_FEED_ENDPOINT), fetchedAt);
  return storeAll(repos, parseEvents(decode(body, EVENTS_ENDPOINT), EVENTS_ENDPOINT), fetchedAt);
}
