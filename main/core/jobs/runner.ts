/**
 * Runs one job from its journal: a few workers take pending items in order, read each
 * item's previous value (once: kept in the journal), send the write and record the
 * outcome. Failures are sorted by what they mean:
 *  - the service cannot be reached: the job waits ("Waiting for the service"), one worker
 *    tries again every few seconds, the others hold, and all go on when it answers;
 *  - 429: fewer workers at a time (halved, grown back after a run of successes) and the
 *    Retry-After waited;
 *  - 5xx, resets, unreadable answers: the same item again with backoff, a few times. The
 *    writes set a value (operations.ts), so a write that did arrive is harmless to repeat;
 *  - 401 after the client's own re-sign-in, or a 403 before anything succeeded: the job
 *    stops with one message instead of failing every item;
 *  - any other 4xx: that item failed, with the server's message.
 */
import type { JobProgress, JobState } from '../../../common/methods/jobs';
import { isFleetError } from '../../../common/errors';
import { ApiError } from '../api/errors';
import type { ItemRow, Journal } from './journal';
import { OPS, type JobApi } from './operations';
import { RateMeter } from './rate';

export interface RunnerOptions {
  journal: Journal;
  api: JobApi;
  jobId: number;
  onProgress: (p: JobProgress) => void;
  now?: () => number;
  /** How often a waiting job asks the service again. */
  probeMs?: number;
  /** Tries of one item against 5xx and unreadable answers before it is recorded as failed. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Least time between two progress reports while items settle. */
  progressEveryMs?: number;
}

type Outcome = 'done' | 'retry' | 'failed' | 'stop' | 'offline' | 'rate';

class Aborted extends Error {}

export class JobRunner {
  private readonly j: Journal;
  private readonly id: number;
  private limit: number;
  private readonly max: number;
  private streak = 0;
  private halt: 'pause' | 'cancel' | 'stop' | null = null;
  /** Ends the waits inside a write (a history import following its operation) when the job halts. */
  private readonly halted = new AbortController();
  private stopMessage: string | null = null;
  private queue: ItemRow[] = [];
  private cursor = 0;
  private anyDone: boolean;
  private waiting: Promise<void> | null = null;
  private openGate: (() => void) | null = null;
  private readonly sleeps = new Set<() => void>();
  private readonly meter: RateMeter;
  private lastPush = 0;
  private state: JobState = 'running';
  private message: string | null = null;
  private readonly now: () => number;

  constructor(private readonly o: RunnerOptions) {
    this.j = o.journal;
    this.id = o.jobId;
    const job = this.j.job(o.jobId);
    if (!job) throw new Error(`No job ${o.jobId}`);
    this.max = Math.max(1, job.concurrency);
    this.limit = this.max;
    this.now = o.now ?? Date.now;
    this.meter = new RateMeter(this.now);
    this.anyDone = this.j.counts(o.jobId).done > 0;
  }

  pause(): void {
    this.interrupt('pause');
  }
  cancel(): void {
    this.interrupt('cancel');
  }

  private interrupt(why: 'pause' | 'cancel' | 'stop', message: string | null = null): void {
    if (this.halt === 'cancel' || this.halt === 'stop') return;
    this.halt = why;
    this.halted.abort();
    if (message) this.stopMessage = message;
    for (const wake of [...this.sleeps]) wake();
    this.openGate?.();
  }

  /** Runs until every item is settled or the job is paused, cancelled or stopped. */
  async run(): Promise<JobState> {
    this.setState('running', null);
    const beat = setInterval(() => this.j.heartbeat(this.id), 5_000);
    beat.unref?.();
    try {
      await Promise.all(Array.from({ length: this.max }, (_, i) => this.worker(i)));
    } finally {
      clearInterval(beat);
    }
    let final: JobState;
    if (this.halt === 'cancel') {
      this.j.skipPending(this.id, 'Cancelled before it was sent');
      final = 'cancelled';
      this.message = null;
    } else if (this.halt === 'pause') {
      final = 'paused';
      this.message = null;
    } else if (this.halt === 'stop') {
      final = 'stopped';
      this.message = this.stopMessage;
    } else {
      const c = this.j.counts(this.id);
      final = c.failed > 0 ? 'failed' : 'done';
      this.message = c.failed > 0 ? `${c.failed} of ${c.done + c.failed + c.skipped} failed` : null;
    }
    this.j.setState(this.id, final, this.message);
    this.state = final;
    this.j.release(this.id);
    this.push(true);
    return final;
  }

  private next(): ItemRow | undefined {
    if (this.queue.length === 0) {
      this.queue = this.j.pending(this.id, 256, this.cursor);
      const last = this.queue[this.queue.length - 1];
      if (last) this.cursor = last.seq;
    }
    return this.queue.shift();
  }

  private async worker(index: number): Promise<void> {
    while (!this.halt) {
      // Fewer workers while the service asks for fewer requests (429).
      if (index >= this.limit) {
        await this.sleep(200).catch(() => undefined);
        if (this.queue.length === 0 && this.j.counts(this.id).pending === 0) return;
        continue;
      }
      const item = this.next();
      if (!item) return;
      await this.item(item);
    }
  }

  private async item(item: ItemRow): Promise<void> {
    const ops = OPS[this.j.job(this.id)!.kind];
    let attempts = 0;
    for (;;) {
      if (this.waiting && !this.isProber(item)) await this.waiting;
      if (this.halt) return;
      let outcome: Outcome;
      let message: string | null = null;
      let waitMs = 0;
      let sending = false;
      try {
        let old = item.old;
        if (old === undefined) {
          old = await ops.readOld(this.o.api, item.object_id);
          this.j.keepOld(this.id, item.seq, old);
          item.old = old;
        }
        if (this.halt) return;
        if (!this.j.toSending(this.id, item.seq)) return;
        sending = true;
        item.attempts++;
        await ops.write(this.o.api, item.object_id, item.value, old, {
          progress: (p) => {
            this.j.keepProgress(this.id, item.seq, p);
            item.old = p;
          },
          signal: this.halted.signal,
        });
        outcome = 'done';
      } catch (e) {
        ({ outcome, message, waitMs } = this.classify(e, item, sending));
      }
      attempts++;
      if (outcome === 'retry' && attempts >= (this.o.maxAttempts ?? 6)) outcome = 'failed';
      if (outcome === 'done' || outcome === 'failed') {
        if (sending) this.j.settle(this.id, item.seq, outcome, message);
        else this.failUnsent(item, message);
        this.settled(outcome === 'done');
        if (this.waiting && this.isProber(item)) this.reopen();
        return;
      }
      if (sending) this.j.settle(this.id, item.seq, 'pending');
      if (outcome === 'stop') return;
      if (outcome === 'offline') {
        attempts--;
        if (!this.waiting) this.startWaiting(item);
        if (!this.isProber(item)) continue;
        waitMs = this.o.probeMs ?? 2_000;
      } else if (this.waiting && this.isProber(item)) {
        this.reopen();
      }
      if (outcome === 'rate') {
        this.limit = Math.max(1, Math.ceil(this.limit / 2));
        this.streak = 0;
      }
      try {
        await this.sleep(waitMs || this.backoff(attempts));
      } catch {
        return;
      }
    }
  }

  private failUnsent(item: ItemRow, message: string | null): void {
    // The read before the write failed for good (the object is gone): failed, never sent.
    if (this.j.toSending(this.id, item.seq)) this.j.settle(this.id, item.seq, 'failed', message);
  }

  private classify(e: unknown, item: ItemRow, sending: boolean): { outcome: Outcome; message: string | null; waitMs: number } {
    const server = e instanceof ApiError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);
    if (!isFleetError(e)) return { outcome: 'retry', message: server, waitMs: 0 };
    switch (e.code) {
      case 'offline':
        return { outcome: 'offline', message: server, waitMs: 0 };
      case 'rate_limited':
        return { outcome: 'rate', message: server, waitMs: (e.retryAfterS ?? 1) * 1000 };
      case 'server_error':
      case 'unknown_outcome':
        return { outcome: 'retry', message: server, waitMs: 0 };
      case 'unauthorized':
        this.interrupt('stop', `Signed out by the service and could not sign in again (${server}). Sign in, then resume the job.`);
        return { outcome: 'stop', message: server, waitMs: 0 };
      case 'forbidden':
        if (!this.anyDone) {
          this.interrupt('stop', `The service refused this change for the account (403: ${server}). Nothing was changed; ask for the rights, then resume the job.`);
          return { outcome: 'stop', message: server, waitMs: 0 };
        }
        return { outcome: 'failed', message: `403: ${server}`, waitMs: 0 };
      case 'not_found':
        // A delete sent again after its answer was lost finds the object gone: that is done.
        if (sending && this.j.job(this.id)!.kind === 'delete' && item.attempts > 1) return { outcome: 'done', message: 'Already deleted', waitMs: 0 };
        return { outcome: 'failed', message: server, waitMs: 0 };
      default:
        return { outcome: 'failed', message: server, waitMs: 0 };
    }
  }

  private settled(done: boolean): void {
    if (done) {
      this.anyDone = true;
      this.meter.tick();
      if (++this.streak >= 20 && this.limit < this.max) {
        this.limit++;
        this.streak = 0;
      }
    }
    this.push(false);
  }

  private prober: number | null = null;
  private isProber(item: ItemRow): boolean {
    return this.prober === item.seq;
  }

  private startWaiting(item: ItemRow): void {
    this.prober = item.seq;
    this.waiting = new Promise<void>((resolve) => (this.openGate = resolve));
    this.setState('waiting', 'Waiting for the service');
  }

  private reopen(): void {
    this.prober = null;
    this.waiting = null;
    const open = this.openGate;
    this.openGate = null;
    open?.();
    this.setState('running', null);
  }

  private backoff(attempt: number): number {
    const cap = Math.min(this.o.backoffMaxMs ?? 8_000, (this.o.backoffBaseMs ?? 250) * 2 ** attempt);
    return Math.floor(cap / 2 + (Math.random() * cap) / 2);
  }

  /** A wait that a pause or cancel cuts short (it then throws). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.halt) return reject(new Aborted());
      const wake = () => {
        clearTimeout(t);
        this.sleeps.delete(wake);
        reject(new Aborted());
      };
      const t = setTimeout(() => {
        this.sleeps.delete(wake);
        resolve();
      }, ms);
      this.sleeps.add(wake);
    });
  }

  private setState(state: JobState, message: string | null): void {
    this.state = state;
    this.message = message;
    this.j.setState(this.id, state, message);
    this.push(true);
  }

  private push(force: boolean): void {
    const t = this.now();
    if (!force && t - this.lastPush < (this.o.progressEveryMs ?? 250)) return;
    this.lastPush = t;
    this.o.onProgress(progressOf(this.j, this.id, this.state, this.message, this.meter));
  }
}

export function progressOf(j: Journal, id: number, state: JobState, message: string | null, meter?: RateMeter): JobProgress {
  const c = j.counts(id);
  const total = c.pending + c.sending + c.done + c.failed + c.skipped;
  const remaining = c.pending + c.sending;
  const rate = meter?.rate() ?? 0;
  return {
    jobId: id,
    state,
    total,
    done: c.done,
    failed: c.failed,
    skipped: c.skipped,
    remaining,
    rate,
    etaS: rate > 0 && remaining > 0 ? Math.round(remaining / rate) : remaining === 0 ? 0 : null,
    message,
  };
}
