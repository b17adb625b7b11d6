/**
 * The events a connection knows, as the views see them: unacknowledged, minus those whose
 * acknowledgement is queued; and the acknowledgement itself, written to the outbox before
 * anything is sent so it survives a crash or a kill.
 */
import type { AckError, AckQueued, EventScope, EventsChanged, EventsList } from '../../../common/methods/events';
import type { Cache, OutboxEntry } from '../cache';
import type { OutboxKind } from '../sync/outbox-replay';
import { FEED_IDS_KEY } from '../sync/events-poll';

export const ACK_KIND = 'events/ack';
export interface AckPayload {
  ids: number[];
}

/** One POST carries at most this many ids when queued acknowledgements are replayed together. */
const MAX_IDS_PER_ACK = 1_000;

export function ackIdsOf(e: OutboxEntry): number[] {
  return e.kind === ACK_KIND ? ((e.payload as AckPayload).ids ?? []) : [];
}

export class EventsService {
  private lastSignature = '';

  constructor(
    private readonly cache: Cache,
    private readonly emit: (payload: EventsChanged) => void,
  ) {}

  list(scope: EventScope): EventsList {
    const s = this.snapshot();
    const events = scope === 'all' ? s.all : this.feedOf(s);
    return { scope, events, fetchedAt: s.fetchedAt, pendingAckIds: s.pendingAckIds, ackErrors: s.ackErrors };
  }

  snapshot(): EventsChanged {
    const all = this.cache.events
      .unacknowledged()
      .filter((s) => !s.ackPending)
      .map((s) => s.event);
    const feed = new Set(this.cache.meta.get<number[]>(FEED_IDS_KEY) ?? []);
    const pending = new Set<number>();
    for (const e of this.cache.outbox.pending(100_000)) for (const id of ackIdsOf(e)) pending.add(id);
    const ackErrors: AckError[] = [];
    for (const e of this.cache.outbox.failed(100_000)) {
      for (const id of ackIdsOf(e)) ackErrors.push({ eventId: id, entryId: e.id, error: e.lastError ?? 'refused' });
    }
    return {
      all,
      feedIds: all.filter((e) => feed.has(e.Id)).map((e) => e.Id),
      fetchedAt: this.cache.events.fetchedAt(),
      pendingAckIds: [...pending],
      ackErrors,
    };
  }

  private feedOf(s: EventsChanged) {
    const ids = new Set(s.feedIds);
    return s.all.filter((e) => ids.has(e.Id));
  }

  /** Pushes `events/changed` when what a view would show differs from the last push. */
  publish(): void {
    const s = this.snapshot();
    const signature = JSON.stringify([s.all.map((e) => [e.Id, e.Time, e.Status, e.Text]), s.feedIds, s.pendingAckIds, s.ackErrors]);
    if (signature === this.lastSignature) return;
    this.lastSignature = signature;
    this.emit(s);
  }

  /** Queues an acknowledgement durably and hides the events; the caller starts delivery. */
  ack(ids: readonly number[]): AckQueued {
    const unique = [...new Set(ids)];
    const { db } = this.cache;
    // A kill or a power cut right after the renderer was told "done" must not lose it.
    db.pragma('synchronous = FULL');
    try {
      const entryId = this.cache.transaction(() => {
        const id = this.cache.outbox.enqueue(ACK_KIND, { ids: unique } satisfies AckPayload);
        this.cache.events.markAckPending(unique);
        return id;
      });
      return { entryId, ids: unique };
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  }

  /** How the outbox delivers acknowledgements (POST /api/Events/ack is idempotent). */
  ackKind(send: (ids: number[], signal: AbortSignal) => Promise<void>): OutboxKind<AckPayload> {
    return {
      send: (p, signal) => send(p.ids, signal),
      delivered: (p) => this.cache.events.markAcknowledged(p.ids),
      refused: (p) => this.cache.events.clearAckPending(p.ids),
      merge: {
        max: MAX_IDS_PER_ACK,
        size: (p) => p.ids.length,
        combine: (ps) => ({ ids: [...new Set(ps.flatMap((p) => p.ids))] }),
      },
    };
  }

  /** A refused acknowledgement goes back in the queue: its events leave the lists again. */
  requeued(e: OutboxEntry): void {
    this.cache.events.markAckPending(ackIdsOf(e));
  }
}
