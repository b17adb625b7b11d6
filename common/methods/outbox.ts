import { z } from 'zod';
import { method, push } from '../define';
import type { ChangeWords } from '../catalogue';

/** A write waiting to be delivered ('pending') or refused by the service and parked ('failed'). */
export interface OutboxItem {
  id: number;
  /** 'events/ack', later admin edits. */
  kind: string;
  state: 'pending' | 'failed';
  /** What the write does, in words ("Acknowledge 3 events"). */
  summary: string;
  /** For 'events/ack': the events it acknowledges. */
  eventIds?: number[];
  /** For a catalogue edit: what it does, for the screens to say in the user's language. */
  change?: ChangeWords;
  /** A catalogue edit parked because the service's copy changed since: settled by choosing a version, not by sending it again. */
  conflict?: boolean;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface OutboxState {
  entries: OutboxItem[];
  pending: number;
  failed: number;
}

const entryId = z.object({ id: z.number().int().positive() });

export const outboxMethods = {
  'outbox/list': method<OutboxState>()(z.object({})),
  /** Puts a failed entry back in the queue (its events leave the lists again). */
  'outbox/retry': method<OutboxState>()(entryId, { write: true }),
  /** Drops a failed entry; its events stay unacknowledged. */
  'outbox/discard': method<OutboxState>()(entryId, { write: true }),
};

export const outboxPushes = {
  'outbox/changed': push<OutboxState>(),
};
