/** The outbox as the renderer sees it: what waits, what was refused and why. */
import { FleetError } from '../../../common/errors';
import type { OutboxItem, OutboxState } from '../../../common/methods/outbox';
import type { Cache, OutboxEntry } from '../cache';
import { ACK_KIND, ackIdsOf } from './events';
import { CATALOGUE_KIND, changeOfPayload, isConflict } from '../catalogue/pending';

function summary(e: OutboxEntry): string {
  if (e.unreadable !== undefined) return `A stored "${e.kind}" write that could not be read`;
  if (e.kind === ACK_KIND) {
    const n = ackIdsOf(e).length;
    return `Acknowledge ${n} event${n === 1 ? '' : 's'}`;
  }
  // Other kinds (the catalogue's edits) say what they do in their payload.
  const said = (e.payload as { summary?: unknown } | undefined)?.summary;
  return typeof said === 'string' ? said : e.kind;
}

function toItem(e: OutboxEntry): OutboxItem {
  const item: OutboxItem = {
    id: e.id,
    kind: e.kind,
    state: e.state,
    summary: summary(e),
    attempts: e.attempts,
    lastError: e.lastError,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
  if (e.kind === ACK_KIND) item.eventIds = ackIdsOf(e);
  const change = e.kind === CATALOGUE_KIND && e.unreadable === undefined ? changeOfPayload(e.payload) : null;
  if (change) item.change = change;
  if (change && isConflict(e)) item.conflict = true;
  return item;
}

export function outboxState(cache: Cache): OutboxState {
  const entries = [...cache.outbox.pending(100_000), ...cache.outbox.failed(100_000)].sort((a, b) => a.id - b.id);
  const counts = cache.outbox.counts();
  return { entries: entries.map(toItem), pending: counts.pending, failed: counts.failed };
}

/** Only refused entries may be retried or discarded: a pending one may be on the wire. */
export function failedEntry(cache: Cache, id: number): OutboxEntry {
  const e = cache.outbox.get(id);
  if (!e) throw new FleetError('not_found', `Outbox entry ${id} no longer exists (it was delivered or discarded)`);
  if (e.state !== 'failed') throw new FleetError('invalid_input', `Outbox entry ${id} is still being delivered`);
  return e;
}
