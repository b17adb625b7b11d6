/**
 * What an object list poll becomes in the cache. Its rows are staged in a scratch file as they
 * are read (cache/objects-next.ts), a block at a time from the file the worker spooled the body to,
 * never the whole body or every row in memory at once (decision 0060); then diffed against the
 * stored list and moved in by SQL when written. A body the blocks cannot follow (text, an
 * envelope, one the tolerant path must repair or word the error of) is read whole, with the
 * same result.
 */
import { createHash, type Hash } from 'node:crypto';
import { arrayBlocks } from '../api/json-blocks';
import { scanJson, type ArraySpans, batches } from '../api/json-spans';
import { isHeldBody } from '../api/held-body';
import { OBJECTS_ENDPOINT, parseObjectsList } from '../api/objects';
import { isSpooledBody } from '../workers/fetch';
import { ignitionPairs, listJsonOf, listRow, type JsonText, type ListRow } from '../cache';
import { decode, type BodyRead, type IngestRepos } from './ingest-bodies';
import type { ObjectsIngested } from './ingest-messages';
import { bytesOf, readSpooled, type PollBody } from './poll-body';

const OBJECTS_HASH_KEY = 'objects:hash';

/**
 * The hash of the list's JSON (`[text,text,…]`), fed a text at a time: the whole text joined
 * at once is another copy of the list (over 100 MB at 100,000 objects) at the worker's busiest
 * moment. A text given as bytes hashes as the string it is.
 */
export function listHash(texts: readonly JsonText[]): string {
  const h = listHasher();
  texts.forEach(h.add);
  return h.digest();
}

function listHasher(): { add: (t: JsonText) => void; digest: () => string } {
  const h: Hash = createHash('sha256').update('[');
  let first = true;
  return {
    add: (t) => {
      if (!first) h.update(',');
      first = false;
      h.update(t);
    },
    digest: () => h.update(']').digest('base64'),
  };
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
 * The rows of some of the list's elements, read a batch at a time. A row's JSON is the bytes
 * its element came in where they are exactly the text it is stored as (a compact body in the
 * schema's spelling, as the simulator's is): the rows then hold views of the bytes, which are
 * alive anyway, instead of a second copy as strings (decision 0057). One element that differs
 * (other spacing, a spelling the normaliser changed) and every row holds its own text.
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

/** What the list's read gathered beside the staged rows: all the write and the answer need. */
class ListGathered {
  readonly hash = listHasher();
  count = 0;
  /** Each id in the order of its first place in the list. */
  readonly seen = new Set<number>();
  readonly repeated = new Set<number>();
  /** The last occurrence of each id: what the windows' list is made of, and its ignition sensor. */
  readonly summaries = new Map<number, { id: number; name: string; summary: string; ignition: number | null }>();

  constructor(private readonly repos: IngestRepos) {
    repos.objectsNext.clear();
  }

  add(rows: readonly ListRow[]): void {
    this.repos.objectsNext.add(rows);
    for (const r of rows) {
      this.hash.add(r.json);
      this.count++;
      if (this.seen.has(r.id)) this.repeated.add(r.id);
      else this.seen.add(r.id);
      this.summaries.set(r.id, { id: r.id, name: r.name, summary: r.summary as string, ignition: r.ignition });
    }
  }
}

/** Whole rows are staged this many at a time. */
const STAGE_ROWS = 2048;

/**
 * The list's rows staged, read a block at a time where the body is a spooled file or bytes,
 * else whole (text, a held handle) or where the blocks cannot follow it: the whole read then
 * repairs it or says what is wrong with it, at its own element numbers.
 */
function gather(repos: IngestRepos, body: PollBody): { list: ListGathered; read: BodyRead } {
  if (typeof body !== 'string' && !isHeldBody(body)) {
    const list = new ListGathered(repos);
    try {
      if (isSpooledBody(body)) readSpooled(body, (read) => {
        for (const block of arrayBlocks(read)) list.add(rowsOf(block.bytes, block.elements));
      });
      else {
        const bytes = bytesOf(body);
        const scanned = scanJson(bytes);
        if (scanned.kind !== 'array') throw new Error('not an array');
        list.add(rowsOf(bytes, scanned.elements));
      }
      return { list, read: 'in batches' };
    } catch {
      // Read whole below.
    }
  }
  const list = new ListGathered(repos);
  const rows = parseObjectsList(decode(body, OBJECTS_ENDPOINT), OBJECTS_ENDPOINT);
  for (let i = 0; i < rows.length; i += STAGE_ROWS) list.add(rows.slice(i, i + STAGE_ROWS).map(listRow));
  return { list, read: 'whole' };
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

function bodyHash(body: PollBody): string | undefined {
  if (isHeldBody(body)) return undefined;
  if (isSpooledBody(body)) return body.sha256;
  return createHash('sha256').update(typeof body === 'string' ? body : bytesOf(body)).digest('base64');
}

/**
 * A list poll in two steps, as a status poll is: what changed, at once, and its write whenever
 * the caller runs it (the move of the staged rows into the stored list). `list` is the
 * windows' list as it will be stored, answered before the write.
 *
 * The same bytes as the stored list's are not read at all: the list is refetched every ten
 * minutes and seldom changes, and its hash is a tenth of a second at 100,000 objects where its
 * read is over a second.
 */
export function stageObjects(repos: IngestRepos, received: PollBody, fetchedAt: number): { result: ObjectsIngested; list?: Uint8Array; write?: () => void; read: BodyRead } {
  // Chunks joined once, here: the hash, the read in batches and a whole read all take this.
  const body = typeof received === 'string' || isHeldBody(received) || isSpooledBody(received) ? received : bytesOf(received);
  const bodySha = bodyHash(body);
  const stored = storedHashes(repos);
  const unchanged = (count: number) => {
    repos.meta.setLastGood('objects', fetchedAt);
    return { count, changed: false, ignitionChanged: false, changedIds: [], removedIds: [] };
  };
  if (bodySha !== undefined && stored?.body === bodySha && repos.objects.count() === stored.count) return { result: unchanged(stored.count), read: 'same bytes' };
  let gathered: ReturnType<typeof gather>;
  try {
    gathered = gather(repos, body);
  } catch (e) {
    repos.objectsNext.drop();
    throw e;
  }
  const { list, read } = gathered;
  const hashes: ListHashes = { list: list.hash.digest(), body: bodySha, count: list.count };
  if (stored?.list === hashes.list && repos.objects.count() === list.count) {
    repos.objectsNext.drop();
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    return { result: unchanged(list.count), read };
  }
  const { changed, removed } = repos.objectsNext.diff(list.seen, list.repeated);
  const summaries = [...list.summaries.values()];
  const listJson = listJsonOf(summaries);
  repos.objectsNext.stageList(listJson);
  const result = { count: list.count, changed: true, ignitionChanged: repos.status.ignitionDiffers(ignitionPairs(summaries)), changedIds: changed, removedIds: removed };
  const write = () => {
    repos.objectsNext.store(fetchedAt);
    repos.meta.set(OBJECTS_HASH_KEY, hashes);
    repos.status.reloadIgnition();
  };
  return { result, list: listJson, write, read };
}

/** Both sides of the worker run this: decode, compare, store. */
export function ingestObjects(repos: IngestRepos, body: PollBody, fetchedAt: number): ObjectsIngested {
  const staged = stageObjects(repos, body, fetchedAt);
  staged.write?.();
  return staged.result;
}
