/**
 * History import for the app and the tests: a file read and checked into a preview kept
 * under an id (nothing sent), then a 'history-import' job of its parts on the jobs engine,
 * and, when such a job is done, the cached history of its interval dropped so History
 * fetches the imported track.
 */
import { randomUUID } from 'node:crypto';
import { FleetError } from '../../../common/errors';
import type { JobState } from '../../../common/methods/jobs';
import type { Cache } from '../cache';
import type { Journal } from '../jobs/journal';
import type { JobsService } from '../jobs/service';
import { checkTrack, type CheckedTrack, type CheckOptions } from './checks';
import { cutParts, partFromValue, PART_SIZE } from './parts';

export interface ImportPreview extends CheckedTrack { importId: string; fileName: string; format: string; name: string | null }

const KEEP = 8;
const HOUR = 3_600_000;

export class HistoryImports {
  private readonly previews = new Map<string, ImportPreview>();

  constructor(private readonly o: { jobs: JobsService; journal: Journal; cache: (job: { server: string; login: string }) => Cache | null; now?: () => number }) {}

  async preview(fileName: string, bytes: Uint8Array, opts: CheckOptions = {}): Promise<ImportPreview> {
    // The readers and their XML parser are loaded at first use, not at the host's start.
    const { readTrackFile } = await import('./read-file');
    const read = readTrackFile(fileName, bytes);
    const checked = checkTrack(read.points, { now: (this.o.now ?? Date.now)() + 60_000, ...opts });
    if (!checked.accepted.length) throw new FleetError('invalid_input', `${fileName}: no row passed the checks (${checked.rejected[0]?.reason ?? 'no rows'}, row ${checked.rejected[0]?.row ?? '-'})`);
    const p: ImportPreview = { importId: randomUUID(), fileName, format: read.format, name: read.name ?? null, ...checked };
    this.previews.set(p.importId, p);
    // Previews are whole tracks: keep only the latest few.
    while (this.previews.size > KEEP) this.previews.delete(this.previews.keys().next().value!);
    return p;
  }

  async start(a: { importId: string; objectId: number; partSize?: number }): Promise<{ jobId: number; parts: number }> {
    return this.startMany({ files: [{ importId: a.importId, objectId: a.objectId }], partSize: a.partSize });
  }

  /** Several previewed files, each for its object, as one job: one progress, one result file, one resume. */
  async startMany(a: { files: ReadonlyArray<{ importId: string; objectId: number }>; partSize?: number }): Promise<{ jobId: number; parts: number }> {
    const chosen = a.files.map((f) => {
      const p = this.previews.get(f.importId);
      if (!p) throw new FleetError('invalid_input', 'A preview is no longer held; choose the files again');
      return { p, objectId: f.objectId };
    });
    const items = chosen.flatMap(({ p, objectId }) => cutParts(p.accepted, a.partSize ?? PART_SIZE).map((x) => ({ objectId, value: JSON.stringify(x) })));
    const points = chosen.reduce((n, c) => n + c.p.summary.points, 0);
    const what = chosen.length === 1 ? chosen[0]!.p.fileName : `${chosen.length} files`;
    const job = await this.o.jobs.start({
      kind: 'history-import',
      label: `History import: ${what} (${points} positions)`,
      items: items.map((x, i) => ({ ...x, row: i + 1 })),
    });
    void this.o.jobs.wait(job.jobId).then((s) => this.finished(job.jobId, s));
    return { jobId: job.jobId, parts: items.length };
  }

  /**
   * Also called for a job resumed after a restart (its progress reaching 'done'). Drops the
   * cached track hours each done part replaced; returns each object's imported span.
   */
  finished(jobId: number, state: JobState): Array<{ objectId: number; from: number; till: number }> | null {
    const job = this.o.journal.job(jobId);
    if (job?.kind !== 'history-import' || state !== 'done') return null;
    const items = this.o.journal.allItems(jobId).filter((i) => i.state === 'done');
    if (!items.length) return null;
    const spans = new Map<number, { objectId: number; from: number; till: number }>();
    // The job's own connection (open, foreground or not): another one's cache holds another fleet.
    const cache = this.o.cache(job);
    for (const item of items) {
      const part = partFromValue(item.value);
      const till = part.till + 1;
      const s = spans.get(item.object_id);
      spans.set(item.object_id, s ? { ...s, from: Math.min(s.from, part.from), till: Math.max(s.till, till) } : { objectId: item.object_id, from: part.from, till });
      if (cache) {
        cache.tracks.deleteTrack(item.object_id, part.from, till);
        // The track is stored by whole hours: those hours, and only those, are fetched again.
        cache.coverage.forget(item.object_id, Math.floor(part.from / HOUR) * HOUR, Math.ceil(till / HOUR) * HOUR);
      }
    }
    return [...spans.values()];
  }
}
