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
import { readTrackFile } from './read-file';

export interface ImportPreview extends CheckedTrack { importId: string; fileName: string; format: string; name: string | null }

const KEEP = 8;

export class HistoryImports {
  private readonly previews = new Map<string, ImportPreview>();

  constructor(private readonly o: { jobs: JobsService; journal: Journal; cache: (job: { server: string; login: string }) => Cache | null; now?: () => number }) {}

  preview(fileName: string, bytes: Uint8Array, opts: CheckOptions = {}): ImportPreview {
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
    const p = this.previews.get(a.importId);
    if (!p) throw new FleetError('invalid_input', 'This preview is no longer held; choose the file again');
    const parts = cutParts(p.accepted, a.partSize ?? PART_SIZE);
    const job = await this.o.jobs.start({
      kind: 'history-import',
      label: `History import: ${p.fileName} (${p.summary.points} positions)`,
      items: parts.map((x, i) => ({ objectId: a.objectId, value: JSON.stringify(x), row: i + 1 })),
    });
    void this.o.jobs.wait(job.jobId).then((s) => this.finished(job.jobId, s));
    return { jobId: job.jobId, parts: parts.length };
  }

  /** Also called for a job resumed after a restart (its progress reaching 'done'). */
  finished(jobId: number, state: JobState): { objectId: number; from: number; till: number } | null {
    const job = this.o.journal.job(jobId);
    if (job?.kind !== 'history-import' || state !== 'done') return null;
    const items = this.o.journal.allItems(jobId).filter((i) => i.state === 'done');
    if (!items.length) return null;
    const parts = items.map((i) => partFromValue(i.value));
    const span = { objectId: items[0]!.object_id, from: Math.min(...parts.map((x) => x.from)), till: Math.max(...parts.map((x) => x.till)) + 1 };
    // The job's own connection (open, foreground or not): another one's cache holds another fleet.
    const cache = this.o.cache(job);
    if (cache) {
      cache.tracks.deleteTrack(span.objectId, span.from, span.till);
      // Coverage can only be forgotten per object: the next History load fetches it again.
      cache.coverage.clear(span.objectId);
    }
    return span;
  }
}
