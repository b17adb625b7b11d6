/**
 * While no connection is open (the sign-in form), an ingest thread is booted for the next one
 * (decision 0076): a sign-in's first poll is fetched in that thread, and its boot was a quarter
 * of a second of the wait for the first positions.
 */
import { spareIngestWorker } from '../sync/ingest';
import type { Spare } from '../workers/client';
import type { WorkerScript } from '../workers/protocol';

export class SpareIngest {
  private spare: Spare | null = null;

  constructor(private readonly script: WorkerScript | undefined) {}

  /** Boots one, unless one waits already (or ingest runs in-thread). */
  keep(): void {
    if (!this.spare && this.script) this.spare = spareIngestWorker(this.script);
  }

  /** The waiting thread for a connection that opens now, if any. */
  take(): Spare | undefined {
    const spare = this.spare ?? undefined;
    this.spare = null;
    return spare;
  }

  close(): Promise<void> {
    return this.take()?.close() ?? Promise.resolve();
  }
}
