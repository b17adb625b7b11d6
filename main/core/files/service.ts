/**
 * Device files of one connection: found over an interval (the service's answer kept in the
 * cache, the cache's when it does not answer), placed from the cached track, saved under a
 * name that says object and time, zipped, and attached (checked by their bytes first; queued
 * in the outbox when the service does not answer).
 */
import { FleetError } from '../../../common/errors';
import { checkFile } from '../../../common/file-kinds';
import type { AttachResult, FileItem, FilesFound, SavedFile } from '../../../common/methods/files';
import type { FileBody } from '../../../common/methods/history';
import { PLACE_SPAN_MS, placeAt } from '../../../common/place-at';
import { FileSchema, type FleetFile } from '../../../common/resources';
import type { FleetApi } from '../api';
import type { Cache } from '../cache';
import { isRetryable } from '../sync/outbox-replay';
import { savedFileName, uniqueNames } from './naming';
import { FILES_ATTACH_KIND, filesOutboxKind, keepPendingBytes, sweepPendingBytes, type AttachPayload } from './pending';

/** The service refuses longer intervals for history; files are asked for in windows this long. */
const WINDOW_MS = 30 * 86_400_000;

export interface FilesDeps {
  api: Pick<FleetApi, 'files'>;
  cache: Cache;
  isOffline: () => boolean;
  /** A file's bytes: from the cache, else downloaded once and kept (history's `files/get`). */
  body: (uid: string) => Promise<FileBody>;
  /** A queued attachment landed. */
  attached: (p: { objectId: number; time: number; uid: string | null }) => void;
  now?: () => number;
}

export class FilesService {
  private readonly now: () => number;
  private outbox: { flush(): void; changed(): void } | null = null;

  constructor(private readonly d: FilesDeps) {
    this.now = d.now ?? Date.now;
    sweepPendingBytes(d.cache);
  }

  /** Wired after the outbox is built (it needs this service's kind first). */
  attachOutbox(o: { flush(): void; changed(): void }): void {
    this.outbox = o;
  }

  outboxKind() {
    return filesOutboxKind({ api: this.d.api, cache: this.d.cache, now: this.now, landed: (p, f, bytes) => this.landed(p, f, bytes) });
  }

  async find(objectIds: readonly number[], from: number, till: number): Promise<FilesFound> {
    let error: string | undefined;
    if (!this.d.isOffline()) {
      try {
        const files: FleetFile[] = [];
        for (let t = from; t < till; t += WINDOW_MS) {
          const raw = await this.d.api.files.find({ ObjectIds: [...objectIds], From: t, Till: Math.min(till, t + WINDOW_MS) });
          for (const r of raw) {
            const f = FileSchema.safeParse(r);
            if (f.success) files.push(f.data);
          }
        }
        this.d.cache.history.putFiles(files);
        const unique = [...new Map(files.map((f) => [f.Uid, f])).values()].sort((a, b) => a.Time - b.Time || a.ObjectId - b.ObjectId);
        return { items: unique.map((f) => this.item(f)), source: 'service' };
      } catch (e) {
        if (!isRetryable(e)) throw e;
        error = e instanceof Error ? e.message : String(e);
      }
    }
    const cached = objectIds.flatMap((id) => this.d.cache.history.files(id, from, till + 1)).sort((a, b) => a.Time - b.Time || a.ObjectId - b.ObjectId);
    return { items: cached.map((f) => this.item(f)), source: 'cache', error: error ?? 'The service is not answering' };
  }

  async save(uid: string): Promise<SavedFile> {
    const b = await this.d.body(uid);
    return { fileName: this.nameOf(uid, b.type), type: b.type, bytes: b.bytes };
  }

  async zip(uids: readonly string[]): Promise<SavedFile> {
    // Loaded at first use: with pako it was a tenth of the host's module loading at start.
    const { default: JSZip } = await import('jszip');
    const zip = new JSZip();
    const bodies: FileBody[] = [];
    for (const uid of new Set(uids)) bodies.push(await this.d.body(uid));
    const names = uniqueNames(bodies.map((b) => this.nameOf(b.uid, b.type)));
    // Photos and videos are compressed already: stored as they are.
    bodies.forEach((b, i) => zip.file(names[i]!, b.bytes, { binary: true, compression: 'STORE' }));
    const bytes = await zip.generateAsync({ type: 'uint8array' });
    const stamp = new Date(this.now()).toISOString().slice(0, 19).replace(/[:T]/g, '-');
    return { fileName: `files ${bodies.length} ${stamp}Z.zip`, type: 'application/zip', bytes };
  }

  async attach(a: { objectId: number; time: number; name: string; bytes: Uint8Array }): Promise<AttachResult> {
    const check = checkFile(a.name, a.bytes);
    if (!check.ok) throw new FleetError('invalid_input', check.reason);
    const payloadBase = { objectId: a.objectId, time: a.time, name: a.name, type: check.type };
    if (!this.d.isOffline()) {
      try {
        const r = await this.d.api.files.attach(a.objectId, { data: a.bytes, name: a.name, type: check.type }, a.time);
        const rec = FileSchema.safeParse(r.record ?? r.raw);
        const file: FleetFile = rec.success ? rec.data : { ObjectId: a.objectId, Time: a.time, Type: check.type, Uid: '' };
        if (file.Uid) {
          this.d.cache.history.putFiles([file]);
          this.d.cache.history.putFileBody(file.Uid, a.bytes, this.now());
        }
        return { state: 'sent', file: this.item(file) };
      } catch (e) {
        if (!isRetryable(e)) throw e;
        return this.queue(payloadBase, a.bytes, e instanceof Error ? e.message : String(e));
      }
    }
    return this.queue(payloadBase, a.bytes, 'The service is not answering');
  }

  private queue(p: Omit<AttachPayload, 'sha256' | 'summary'>, bytes: Uint8Array, reason: string): AttachResult {
    const sha256 = keepPendingBytes(this.d.cache, bytes, this.now());
    const object = this.d.cache.objects.get(p.objectId)?.Name ?? `object ${p.objectId}`;
    const payload: AttachPayload = { ...p, sha256, summary: `Attach "${p.name}" to ${object}` };
    const outboxId = this.d.cache.outbox.enqueue(FILES_ATTACH_KIND, payload);
    this.outbox?.changed();
    this.outbox?.flush();
    return { state: 'queued', outboxId, reason };
  }

  private landed(p: AttachPayload, file: FleetFile | null, bytes: Uint8Array): void {
    if (file?.Uid) {
      this.d.cache.history.putFiles([file]);
      this.d.cache.history.putFileBody(file.Uid, bytes, this.now());
    }
    this.d.attached({ objectId: p.objectId, time: p.time, uid: file?.Uid || null });
  }

  private nameOf(uid: string, type: string): string {
    const row = this.d.cache.db.prepare('SELECT object_id AS objectId, time FROM files WHERE uid = ?').get(uid) as { objectId: number; time: number } | undefined;
    if (!row) return savedFileName(uid, 0, type).replace(/ 1970-01-01 00-00-00Z/, '');
    const name = this.d.cache.objects.get(row.objectId)?.Name ?? `object ${row.objectId}`;
    return savedFileName(name, row.time, type);
  }

  private item(f: FleetFile): FileItem {
    const size = this.d.cache.db.prepare('SELECT length(bytes) FROM file_bodies WHERE uid = ?').pluck().get(f.Uid) as number | undefined;
    return { uid: f.Uid, objectId: f.ObjectId, time: f.Time, type: f.Type, place: this.placeOf(f.ObjectId, f.Time), size: size ?? null };
  }

  /** From the cached track only: finding files never starts a history load. */
  private placeOf(objectId: number, time: number): { lat: number; lng: number } | null {
    const track = this.d.cache.tracks.readTrack(objectId, time - PLACE_SPAN_MS, time + PLACE_SPAN_MS);
    const stops = this.d.cache.tracks.readParkings(objectId, time - 86_400_000, time + 1);
    const p = placeAt(track, stops, time);
    return p ? { lat: p.lat, lng: p.lng } : null;
  }
}
