/**
 * Delivers the outbox in order, one entry (or one run of mergeable entries) at a time,
 * until the service confirms each. An entry is removed only after the confirmation, in the
 * same transaction as its local effect; a crash in between means it is sent again, which
 * is why only idempotent writes go here. A network or server failure stops the run and
 * retries later with backoff; a refusal (400, 403, 404) parks that entry as 'failed' and
 * the run goes on, so one bad entry never blocks the queue.
 */
import { FleetError, isFleetError, type ErrorCode } from '../../../common/errors';
import type { Cache, OutboxEntry } from '../cache';
import type { Mutex } from './mutex';
import { failureWords } from './failure-words';

export interface OutboxKind<P> {
  /** Checks a stored payload before it is sent; throws when it is not a P (it is dead-lettered). */
  parse?(payload: unknown): P;
  send(payload: P, signal: AbortSignal): Promise<void>;
  /** Runs in the transaction that removes the delivered entries. */
  delivered(payload: P): void;
  /** Runs in the transaction that parks the refused entry. */
  refused(payload: P, error: string): void;
  /** Consecutive entries of this kind may go out as one request. */
  merge?: { max: number; size(p: P): number; combine(ps: P[]): P };
}

/** Payloads come back as JSON from the table: each kind trusts what it enqueued itself. */
export function outboxKind<P>(k: OutboxKind<P>): OutboxKind<unknown> {
  return k as OutboxKind<unknown>;
}

export interface OutboxReplayOptions {
  cache: Cache;
  kinds: Record<string, OutboxKind<unknown>>;
  lock: Mutex;
  signal: AbortSignal;
  onChange: () => void;
  onFailure?: (e: unknown) => void;
  onSuccess?: () => void;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

export interface OutboxReplay {
  /** Delivers everything it can now; resolves when the queue is empty or the service failed. */
  flush(): Promise<void>;
  readonly lastError: unknown;
  /**
   * The entry `id` was discarded (the user cancelled it): if it is being sent, the request is
   * aborted, so a create still looking itself up never posts. Returns whether it was on its way.
   */
  abandon(id: number): boolean;
  stop(): void;
}

/** These may succeed later unchanged; the others are the service's final word. */
const RETRYABLE: ReadonlySet<ErrorCode> = new Set(['offline', 'server_error', 'rate_limited', 'unauthorized', 'unknown_outcome']);

export function isRetryable(e: unknown): boolean {
  return !isFleetError(e) || RETRYABLE.has(e.code);
}

/** Why a stored entry cannot be sent as it is, or null when it can. */
function unreadable(e: OutboxEntry, kind: OutboxKind<unknown>): string | null {
  if (e.unreadable !== undefined) return `The stored write could not be read (${e.unreadable})`;
  if (!kind.parse) return null;
  try {
    kind.parse(e.payload);
    return null;
  } catch (err) {
    return `The stored write is not a valid "${e.kind}" (${err instanceof Error ? err.message.slice(0, 200) : String(err)})`;
  }
}

export function createOutboxReplay(o: OutboxReplayOptions): OutboxReplay {
  const { cache, signal } = o;
  const kinds = o.kinds;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let lastError: unknown = null;
  /** The batch being sent, and what stops its request alone. */
  let inFlight: { ids: ReadonlySet<number>; stop: AbortController } | null = null;
  const gone = (batch: readonly OutboxEntry[]) => batch.some((e) => cache.outbox.get(e.id)?.state !== 'pending');

  const takeBatch = (pending: OutboxEntry[], kind: OutboxKind<unknown>, single: boolean) => {
    const first = pending[0]!;
    const batch = [first];
    if (!kind.merge || single) return batch;
    let size = kind.merge.size(first.payload);
    for (const next of pending.slice(1)) {
      const s = kind.merge.size(next.payload);
      if (next.kind !== first.kind || size + s > kind.merge.max) break;
      batch.push(next);
      size += s;
    }
    return batch;
  };

  const drain = async () => {
    // After a merged request is refused, its entries go one by one to find the bad one.
    let isolate = 0;
    while (!signal.aborted) {
      const pending = cache.outbox.pending(1000);
      const first = pending[0];
      if (!first) return;
      const kind = kinds[first.kind];
      const unusable = !kind ? `This version cannot send "${first.kind}"` : unreadable(first, kind);
      if (unusable || !kind) {
        // Dead-lettered with the reason: the entries behind it go on.
        cache.outbox.markFailed(first.id, unusable ?? 'unknown kind', false);
        o.onChange();
        continue;
      }
      const batch = takeBatch(pending, kind, isolate > 0);
      const payload = batch.length === 1 ? first.payload : kind.merge!.combine(batch.map((e) => e.payload));
      let cancelled = false;
      const stop = new AbortController();
      try {
        await o.lock.run(async () => {
          // The lock may be handed over after the connection closed; the HTTP client does
          // not refuse an already aborted signal, so the check has to be here.
          signal.throwIfAborted();
          // While this waited for the lock (an events poll retrying on a dead link), the user
          // may have cancelled an entry of the batch: what was cancelled is never sent.
          cancelled = gone(batch);
          if (cancelled) return;
          inFlight = { ids: new Set(batch.map((e) => e.id)), stop };
          try {
            await kind.send(payload, AbortSignal.any([signal, stop.signal]));
          } catch (e) {
            // Cancelled on its way: whatever the request's end, nothing is retried or parked.
            cancelled = stop.signal.aborted || gone(batch);
            if (!cancelled) throw e;
            return;
          } finally {
            inFlight = null;
          }
          // Closed meanwhile (the cache too): the entry stays and is sent again next time.
          if (signal.aborted) return;
          // Cancelled after the service had it: it landed, so its effect is kept (a cancelled row is already gone).
          cache.transaction(() => {
            for (const e of batch) cache.outbox.markDone(e.id);
            kind.delivered(payload);
          });
        });
        if (signal.aborted) return;
        // Read the queue again: the rest of the batch goes without the cancelled entry.
        if (cancelled) continue;
        if (isolate > 0) isolate--;
        o.onSuccess?.();
        o.onChange();
      } catch (e) {
        if (signal.aborted) return;
        const words = failureWords(e);
        if (isRetryable(e)) {
          cache.transaction(() => batch.forEach((x) => cache.outbox.markFailed(x.id, words, true)));
          o.onChange();
          throw e;
        }
        if (batch.length > 1) {
          isolate = batch.length;
          continue;
        }
        cache.transaction(() => {
          cache.outbox.markFailed(first.id, words, false);
          kind.refused(first.payload, words);
        });
        o.onChange();
      }
    }
  };

  const schedule = () => {
    if (timer || signal.aborted) return;
    const base = o.retryBaseMs ?? 2_000;
    const delay = Math.min(o.retryMaxMs ?? 60_000, base * 2 ** Math.min(failures - 1, 10));
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  };

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again && !signal.aborted);
        failures = 0;
        lastError = null;
      } catch (e) {
        failures++;
        lastError = e;
        o.onFailure?.(e);
        schedule();
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    flush,
    get lastError() {
      return lastError;
    },
    abandon(id) {
      if (!inFlight?.ids.has(id)) return false;
      inFlight.stop.abort(new FleetError('invalid_input', 'Cancelled'));
      return true;
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
