/**
 * The events a connection knows, as the views see them: unacknowledged, minus those whose
 * acknowledgement is queued; and the acknowledgement itself, written to the outbox before
 * anything is sent so it survives a crash or a kill.
 *
 * Ten thousand events are megabytes of JSON, so the main thread never reads them all
 * again after the first time: an in-memory model is kept up to date by what each poll
 * changed (the ingestor computes it) and by the acknowledgement paths, and the views get
 * only what changed since the previous push (`events/changed`, numbered).
 */
import { z } from 'zod';
import type { AckError, AckQueued, EventScope, EventsChanged, EventsList } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';
import type { Cache, OutboxEntry } from '../cache';
import type { OutboxKind } from '../sync/outbox-replay';
import { FEED_IDS_KEY, type EventsIngested } from '../sync/events-poll';
import { UnackedModel, diffVisible, newestFirst, sameIds } from './events-model';

export const ACK_KIND = 'events/ack';
export interface AckPayload {
  ids: number[];
}

/** One POST carries at most this many ids when queued acknowledgements are replayed together. */
const MAX_IDS_PER_ACK = 1_000;
/** The lists show at most this many events (the newest). */
export const MAX_LISTED = 10_000;
/** At most this many new or changed events in one `events/changed` push (about 150 KB of JSON). */
export const EVENTS_PUSH_SLICE = 1_000;

/** What replay checks a stored acknowledgement against before sending it. */
export const AckPayloadSchema = z.object({ ids: z.array(z.number().int().positive()).min(1) });

/** The event ids of a stored acknowledgement; none when the payload is not one (it is dead-lettered). */
export function ackIdsOf(e: OutboxEntry): number[] {
  // A plain check, not the schema: the lists walk every queued entry on each change.
  const ids = e.kind === ACK_KIND ? (e.payload as Partial<AckPayload> | undefined)?.ids : undefined;
  return Array.isArray(ids) ? ids : [];
}

export class EventsService {
  /** Null until a view first asks: nothing to compare pushes with before that. */
  private model: UnackedModel | null = null;
  /** The list as of the last push (or the baseline the model was loaded with). */
  private pushed = new Map<number, FleetEvent>();
  /** The last push left events out (over MAX_LISTED): the next one walks the whole model. */
  private pushedCapped = false;
  private pushedFeed: readonly number[] = [];
  private pushedSmall = '';
  private sorted: FleetEvent[] | null = null;
  /** Per instance, so a view that kept the seq of another connection reloads. */
  private seq = Math.floor(Math.random() * 2 ** 30);
  private ingesting = 0;
  /** Ids the ack paths changed while a poll was being stored: re-read when its result comes. */
  private readonly touched = new Set<number>();

  constructor(
    private readonly cache: Cache,
    private readonly emit: (payload: EventsChanged) => void,
  ) {}

  list(scope: EventScope): EventsList {
    this.load();
    // Whatever changed since the last push goes out first: the reply then matches `seq`.
    this.publish();
    const all = this.sortedList();
    const feedIds = [...this.pushedFeed];
    const feed = new Set(feedIds);
    const events = scope === 'all' ? all : all.filter((e) => feed.has(e.Id));
    const { pendingAckIds, ackErrors } = this.outboxState();
    return { scope, events, feedIds, seq: this.seq, fetchedAt: this.cache.events.fetchedAt(), pendingAckIds, ackErrors };
  }

  /** Stores one poll through `run` (the ingestor) and updates the model with what it changed. */
  async ingest(run: () => Promise<EventsIngested>): Promise<void> {
    this.ingesting++;
    try {
      const r = await run();
      const m = this.model;
      if (!m) return;
      if (r.full) m.replace(r.upserted, r.full.pendingIds, r.feedIds);
      else m.apply(r);
      for (const id of this.touched) m.refresh(id, this.cache.events.get(id));
    } finally {
      if (--this.ingesting === 0) this.touched.clear();
    }
  }

  /** Pushes `events/changed` when what a view would show differs from the last push. */
  publish(): void {
    const m = this.model;
    if (!m) return;
    let upserted: FleetEvent[] = [];
    let removed: number[] = [];
    const dirty = m.drainDirty();
    if (dirty.size && ((!this.pushedCapped && m.size <= MAX_LISTED) || dirty.size * 4 < MAX_LISTED)) {
      // Only what changed needs a look (a poll or an ack touches a handful of the ten
      // thousand), and past the cap the band around the cut those changes can move.
      let capped: boolean;
      ({ upserted, removed, capped } = m.changesSince(this.pushed, dirty, MAX_LISTED));
      this.pushedCapped = capped;
    } else if (dirty.size) {
      const { shown, capped } = m.visible(MAX_LISTED);
      ({ upserted, removed } = diffVisible(this.pushed, shown));
      this.pushed = shown;
      this.pushedCapped = capped;
    }
    if (upserted.length || removed.length) this.sorted = null;
    const feedChanged = !sameIds(m.feedIds, this.pushedFeed);
    const { pendingAckIds, ackErrors } = this.outboxState();
    const small = JSON.stringify([pendingAckIds, ackErrors]);
    if (!upserted.length && !removed.length && !feedChanged && small === this.pushedSmall) return;
    this.pushedSmall = small;
    if (feedChanged) this.pushedFeed = m.feedIds;
    const fetchedAt = this.cache.events.fetchedAt();
    // A catch-up that replaces the listed ten thousand is megabytes: it goes in slices, each a
    // push a window decodes and applies in a task of its own. The first drops what went and
    // names the new feed, so every slice's events are judged against it (a view's alerts).
    const slices = Math.max(1, Math.ceil(upserted.length / EVENTS_PUSH_SLICE));
    for (let i = 0; i < slices; i++) {
      const base = this.seq++;
      const last = i === slices - 1;
      this.emit({
        seq: this.seq,
        base,
        upserted: slices === 1 ? upserted : upserted.slice(i * EVENTS_PUSH_SLICE, (i + 1) * EVENTS_PUSH_SLICE),
        removed: i === 0 ? removed : [],
        ...(i === 0 && feedChanged ? { feedIds: [...m.feedIds] } : {}),
        fetchedAt,
        pendingAckIds,
        ackErrors,
        ...(last ? {} : { more: true as const }),
      });
    }
  }

  /**
   * The unacknowledged counts from the in-memory model once it is loaded (null before): the
   * table's count of 10,000s of rows held the main thread 20–130 ms at every events poll.
   */
  counts(alarmMask: number): { unacknowledged: number; alarms: number } | null {
    return this.model?.counts(alarmMask) ?? null;
  }

  private load(): UnackedModel {
    if (this.model) return this.model;
    const m = new UnackedModel({ ...this.cache.events.unacknowledgedModel(), feedIds: this.cache.meta.get<number[]>(FEED_IDS_KEY) ?? [] });
    // What the model holds now is what a view loading now gets: the baseline, not a push.
    this.model = m;
    const { shown, capped } = m.visible(MAX_LISTED);
    m.drainDirty();
    this.pushed = shown;
    this.pushedCapped = capped;
    this.pushedFeed = m.feedIds;
    const { pendingAckIds, ackErrors } = this.outboxState();
    this.pushedSmall = JSON.stringify([pendingAckIds, ackErrors]);
    this.sorted = null;
    return m;
  }

  private sortedList(): FleetEvent[] {
    this.sorted ??= [...this.pushed.values()].sort(newestFirst);
    return this.sorted;
  }

  private outboxState(): { pendingAckIds: number[]; ackErrors: AckError[] } {
    const pending = new Set<number>();
    for (const e of this.cache.outbox.pending(100_000)) for (const id of ackIdsOf(e)) pending.add(id);
    const ackErrors: AckError[] = [];
    for (const e of this.cache.outbox.failed(100_000)) {
      for (const id of ackIdsOf(e)) ackErrors.push({ eventId: id, entryId: e.id, error: e.lastError ?? 'refused' });
    }
    return { pendingAckIds: [...pending], ackErrors };
  }

  /** The ack paths change these events: the model follows, and a poll in flight re-reads them. */
  private changedByAck(ids: readonly number[], apply: (m: UnackedModel) => void): void {
    if (this.ingesting > 0) for (const id of ids) this.touched.add(id);
    if (this.model) apply(this.model);
  }

  /** Queues an acknowledgement durably and hides the events; the caller starts delivery. */
  ack(ids: readonly number[]): AckQueued {
    const unique = [...new Set(ids)];
    const { db } = this.cache;
    // A kill or a power cut right after the renderer was told "done" must not lose it.
    db.pragma('synchronous = FULL');
    try {
      const { entryId, stored } = this.cache.transaction(() => {
        const id = this.cache.outbox.enqueue(ACK_KIND, { ids: unique } satisfies AckPayload);
        return { entryId: id, stored: this.cache.events.markAckPending(unique) };
      });
      this.changedByAck(unique, (m) => m.markPending(stored));
      return { entryId, ids: unique };
    } finally {
      db.pragma('synchronous = NORMAL');
    }
  }

  /** How the outbox delivers acknowledgements (POST /api/Events/ack is idempotent). */
  ackKind(send: (ids: number[], signal: AbortSignal) => Promise<void>): OutboxKind<AckPayload> {
    return {
      parse: (p) => AckPayloadSchema.parse(p),
      send: (p, signal) => send(p.ids, signal),
      delivered: (p) => {
        this.cache.events.markAcknowledged(p.ids);
        this.changedByAck(p.ids, (m) => m.acknowledged(p.ids));
      },
      refused: (p) => {
        this.cache.events.clearAckPending(p.ids);
        this.changedByAck(p.ids, (m) => m.clearPending(p.ids));
      },
      merge: {
        max: MAX_IDS_PER_ACK,
        size: (p) => p.ids.length,
        combine: (ps) => ({ ids: [...new Set(ps.flatMap((p) => p.ids))] }),
      },
    };
  }

  /** A refused acknowledgement goes back in the queue: its events leave the lists again. */
  requeued(e: OutboxEntry): void {
    const ids = ackIdsOf(e);
    const stored = this.cache.events.markAckPending(ids);
    this.changedByAck(ids, (m) => m.markPending(stored));
  }
}
