/**
 * What a big poll body becomes in the cache, on whichever side of the worker reads it: the
 * status staged against the copy, the object list as the rows it will be stored as, the profile
 * without its objects, the two event lists. The status, the list and the profile are read a
 * batch at a time from their bytes where they can be (decision 0047), else whole; a list with
 * the stored list's bytes is not read at all.
 */
import { createHash } from 'node:crypto';
import { FleetError } from '../../../common/errors';
import type { ObjectsStatus, Profile } from '../../../common/resources';
import { EVENTS_ENDPOINT, EVENTS_FEED_ENDPOINT, parseEvents } from '../api/events';
import { batches, parseSpan, scanJson, type ArraySpans } from '../api/json-spans';
import { OBJECTS_ENDPOINT, PROFILE_ENDPOINT, parseObjectsList, parseProfile } from '../api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus, statusBatches } from '../api/status';
import { isHeldBody } from '../api/http';
import { decodeBodyDetailed, keyFold, type ApiLog } from '../api/tolerant';
import { ignitionPairs, listRow, prepareRows, wholeStatus, type Cache, type JsonText, type ListRow } from '../cache';
import { storeEvents, type EventsIngested } from './events-poll';
import type { ObjectsIngested } from './ingest-messages';
import { bytesOf, textOf, type PollBody } from './poll-body';

const OBJECTS_HASH_KEY = 'objects:hash';

/**
 * What a repair kept and dropped goes to the process's log (the worker's console is the
 * host's): the poll goes on with what could be read, and someone can still learn why an
 * object is missing.
 */
const repairLog: ApiLog = { warn: (message, meta) => console.warn(`[ingest] ${message}`, meta ?? '') };

function decode(body: PollBody, endpoint: string): unknown {
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

/** A status poll staged (StatusRepo.stage), its body read a batch at a time where it can be. */
export function stageStatus(repos: Pick<IngestRepos, 'status'>, body: PollBody, fetchedAt: number): StagedStatus {
  const { value, read } = readBody(
    body,
    (bytes) => repos.status.stage(statusBatches(scanJson(bytes), STATUS_ENDPOINT), fetchedAt),
    (whole) => repos.status.stage(wholeStatus(decodeStatus(whole)), fetchedAt),
  );
  return { ...value, read };
}

export type StagedStatus = ReturnType<IngestRepos['status']['stage']> & { read: BodyRead };

export type IngestRepos = Pick<Cache, 'status' | 'objects' | 'meta' | 'events' | 'profile' | 'transaction'>;

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

/**
 * The hash of the list's JSON (`[text,text,…]`), fed a text at a time: the whole text joined
 * at once is another copy of the list (over 100 MB at 100,000 objects) at the worker's busiest
 * moment. A text given as bytes hashes as the string it is.
 */
export function listHash(texts: readonly JsonText[]): string {
  const h = createHash('sha256').update('[');
  texts.forEach((t, i) => {
    if (i) h.update(',');
    h.update(t);
  });
  return h.update(']').digest('base64');
}

const utf8 = new TextEncoder();
const utf8Text = new TextDecoder();
let scratch = new Uint8Array(16 * 1024);

/** `bytes` are exactly the UTF-8 of `text`, checked without allocating either's copy. */
function isUtf8Of(text: string, bytes: Uint8Array): boolean {
  // A UTF-16 unit is one to three bytes of UTF-8: a text longer than the bytes is not them.
  if (text.length > bytes.length) return false;
  if (scratch.length <= bytes.length) scratch = new Uint8Array(2 * bytes.length);
  const { read, written } = utf8.encodeInto(text, scratch);
  return read === text.length && written === bytes.length && Buffer.compare(scratch.subarray(0, written), bytes) === 0;
}

/**
 * The list's rows, its body read a batch at a time. A row's JSON is the bytes its element came
 * in where they are exactly the text it is stored as (a compact body in the schema's spelling,
 * as the simulator's is): the rows then hold views of the body, which is alive anyway, instead
 * of a second copy of it as strings (decision 0057). One element that differs (other spacing,
 * a spelling the normaliser changed) and every row holds its own text, as before, so that the
 * body is not kept beside them.
 */
export function rowsOf(bytes: Uint8Array, elements: ArraySpans): ListRow[] {
  const rows: ListRow[] = [];
  let views = true;
  for (const batch of batches(bytes, elements)) {
    for (const o of parseObjectsList(batch, OBJECTS_ENDPOINT)) {
      const row = listRow(o);
      const i = rows.length;
      if (views) {
        const span = bytes.subarray(elements.at[2 * i], elements.at[2 * i + 1]);
        if (isUtf8Of(row.json as string, span)) row.json = span;
        else {
          views = false;
          for (const r of rows) r.json = utf8Text.decode(r.json as Uint8Array);
        }
      }
      rows.push(row);
    }
  }
  return rows;
}

/**
 * The list's rows as they will be stored (listRow): its body read a batch at a time
 * (json-spans.ts), so that only the rows outlive the decode, or read whole where the batches
 * do not stand for it (text, an envelope, a body the tolerant path must repair or word the
 * error of) with the same result.
 */
function listRows(body: PollBody): { value: ListRow[]; read: BodyRead } {
  return readBody(
    body,
    (bytes) => {
      const scanned = scanJson(bytes);
      return scanned.kind === 'array' ? rowsOf(bytes, scanned.elements) : undefined;
    },
    (whole) => parseObjectsList(decode(whole, OBJECTS_ENDPOINT), OBJECTS_ENDPOINT).map(listRow),
  );
}

/**
 * What the stored list was made from: the hash of its JSON as stored (`list`), of the body's
 * bytes it came in (`body`) and how many elements that body held. Before the body's hash was
 * kept the value was the list's hash alone.
 */
interface ListHashes {
  list: string;
  body?: string;
  count?: number;
}

function storedHashes(repos: IngestRepos): ListHashes | undefined {
  const v = repos.meta.get<string | ListHashes>(OBJECTS_HASH_KEY);
  return typeof v === 'string' ? { list: v } : v;
}

/**
 * A list poll in two steps, as a status poll is: what changed, at once, and its write whenever
 * the caller runs it. At 50,000 objects the write is two seconds or more of the worker's time
 * that the windows need not wait for: `list` is the list as it will be stored.
 *
 * The same bytes as the stored list's are not decoded at all: the list is refetched every ten
 * minutes and seldom changes, and its hash is a tenth of a second at 100,000 objects where its
 * decode is over a second and a few hundred megabytes of the worker's memory.
 */
export function stageObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): { result: ObjectsIngested; list?: Uint8Array; write?: () => void; read: BodyRead } {
  const whole = typeof body === 'string' || isHeldBody(body) ? body : bytesOf(body);
  const bodyHash = isHeldBody(whole) ? undefined : createHash('sha256').update(whole).digest('base64');
  const stored = storedHashes(repos);
  const unchanged = (count: number) => {
    repos.meta.setLastGood('objects', fetchedAt);
    return { count, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] };
  };
  if (bodyHash !== undefined && stored?.body === bodyHash && repos.objects.count() === stored.count) return { result: unchanged(stored.count), read: 'same bytes' };
  // Each object encoded once, for the hash (the same text as the whole list's JSON), the diff and the store.
  const { value: rows, read } = listRows(whole);
  const hashes: ListHashes = { list: listHash(rows.map((r) => r.json)), body: bodyHash, count: rows.length };
  if (stored?.list === hashes.list && repos.objects.count() === rows.length) {
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    return { result: unchanged(rows.length), read };
  }
  const { changed, removed } = repos.objects.diffRows(rows);
  const prepared = prepareRows(rows);
  const result = { count: rows.length, changed: true, ignitionChanged: repos.status.ignitionDiffers(ignitionPairs(prepared)), changedIds: changed, removedIds: removed };
  const write = () => {
    repos.objects.store(prepared, fetchedAt);
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    repos.status.reloadIgnition();
  };
  return { result, list: prepared.listJson, write, read };
}

/** Both sides of the worker run this: decode, compare, store. */
export function ingestObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): ObjectsIngested {
  const staged = stageObjects(repos, body, fetchedAt);
  staged.write?.();
  return staged.result;
}

/** Decodes both bodies before storing anything: one that does not parse leaves the cache as it was. */
export function ingestEvents(repos: IngestRepos, feedBody: PollBody, allBody: PollBody, fetchedAt: number): EventsIngested {
  const feed = parseEvents(decode(feedBody, EVENTS_FEED_ENDPOINT), EVENTS_FEED_ENDPOINT);
  const all = parseEvents(decode(allBody, EVENTS_ENDPOINT), EVENTS_ENDPOINT);
  return storeEvents(repos, feed, all, fetchedAt);
}
