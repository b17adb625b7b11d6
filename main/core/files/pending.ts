/**
 * The outbox kind `files/attach`: an attachment made while the service did not answer. Its
 * bytes wait in the cache's `file_bodies` table under a key of their own (the outbox payload
 * stays small JSON); at replay the object's files at that exact time are looked up first and
 * one with the same bytes means an earlier try already landed, so a lost answer never
 * attaches the file twice.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { FleetError } from '../../../common/errors';
import { FileSchema, type FleetFile } from '../../../common/resources';
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import type { OutboxKind } from '../sync/outbox-replay';

export const FILES_ATTACH_KIND = 'files/attach';

const Payload = z.object({
  objectId: z.number().int(),
  time: z.number().int(),
  name: z.string(),
  type: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  summary: z.string(),
});
export type AttachPayload = z.infer<typeof Payload>;

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const bodyKey = (sha: string): string => `outbox-attach:${sha}`;

export function keepPendingBytes(cache: Cache, bytes: Uint8Array, now: number): string {
  const sha = sha256(bytes);
  cache.history.putFileBody(bodyKey(sha), bytes, now);
  return sha;
}

function dropPendingBytes(cache: Cache, sha: string): void {
  // Another queued attachment of the same bytes still needs them.
  const others = cache.outbox.pending(100_000).concat(cache.outbox.failed(100_000))
    .filter((e) => e.kind === FILES_ATTACH_KIND && (e.payload as Partial<AttachPayload> | undefined)?.sha256 === sha);
  if (others.length <= 1) cache.db.prepare('DELETE FROM file_bodies WHERE uid = ?').run(bodyKey(sha));
}

/**
 * Bytes kept for attachments no longer in the outbox (discarded from the dead letters, or
 * delivered by a run that crashed before its clean-up): dropped when a connection opens.
 */
export function sweepPendingBytes(cache: Cache): number {
  const wanted = new Set(
    cache.outbox.pending(100_000).concat(cache.outbox.failed(100_000))
      .filter((e) => e.kind === FILES_ATTACH_KIND)
      .map((e) => bodyKey(String((e.payload as Partial<AttachPayload> | undefined)?.sha256))),
  );
  const kept = cache.db.prepare("SELECT uid FROM file_bodies WHERE uid LIKE 'outbox-attach:%'").pluck().all() as string[];
  const drop = cache.db.prepare('DELETE FROM file_bodies WHERE uid = ?');
  let n = 0;
  for (const uid of kept) if (!wanted.has(uid)) n += drop.run(uid).changes;
  return n;
}

/** The file the service holds for this object at this time with exactly these bytes, if any. */
export async function findLanded(api: Pick<FleetApi, 'files'>, p: AttachPayload, signal?: AbortSignal): Promise<FleetFile | undefined> {
  const found = await api.files.find({ ObjectId: p.objectId, From: p.time, Till: p.time + 1 }, { signal });
  const same = found
    .map((f) => FileSchema.safeParse(f))
    .flatMap((r) => (r.success ? [r.data] : []))
    .filter((f) => f.ObjectId === p.objectId && f.Time === p.time);
  for (const f of same) {
    const d = await api.files.download(f.Uid, { signal });
    if (sha256(d.bytes) === p.sha256) return f;
  }
  return undefined;
}

export interface AttachKindDeps {
  api: Pick<FleetApi, 'files'>;
  cache: Cache;
  now: () => number;
  /** The attachment reached the service (sent now, or found there): its record and bytes. */
  landed(p: AttachPayload, file: FleetFile | null, bytes: Uint8Array): void;
}

export function filesOutboxKind(d: AttachKindDeps): OutboxKind<AttachPayload> {
  const results = new Map<string, FleetFile | null>();
  const key = (p: AttachPayload) => `${p.objectId}:${p.time}:${p.sha256}`;
  return {
    parse: (raw) => Payload.parse(raw),
    async send(p, signal) {
      const bytes = d.cache.history.fileBody(bodyKey(p.sha256));
      if (!bytes) throw new FleetError('invalid_input', `The bytes of "${p.name}" are no longer in the cache`);
      const there = await findLanded(d.api, p, signal);
      if (there) {
        results.set(key(p), there);
        return;
      }
      const r = await d.api.files.attach(p.objectId, { data: bytes, name: p.name, type: p.type }, p.time, { signal });
      const rec = FileSchema.safeParse(r.record ?? r.raw);
      results.set(key(p), rec.success ? rec.data : null);
    },
    delivered(p) {
      const bytes = d.cache.history.fileBody(bodyKey(p.sha256));
      const file = results.get(key(p)) ?? null;
      results.delete(key(p));
      if (bytes) d.landed(p, file, bytes);
      dropPendingBytes(d.cache, p.sha256);
    },
    refused() {
      // The bytes stay: a refused entry can be tried again from the dead-letter list.
    },
  };
}
