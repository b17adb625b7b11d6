/** Matching a sent command to its outcome, which the service reports later as an event of each object. */
import type { FleetEvent } from '../../../common/resources';

const COMMAND_BITS = 0x100 | 0x200;
const FAILED_BIT = 0x200;
/** Device and server clocks differ a little; an outcome stamped slightly before our send still counts. */
const SKEW_MS = 30_000;

export interface Outcome {
  ok: boolean;
  text: string;
  time: number;
  eventId: number;
}

export function isCommandEvent(e: FleetEvent): boolean {
  return (e.Type & COMMAND_BITS) !== 0;
}

/** The first command event of each object at or after the send, by object id. */
export function outcomesFor(events: readonly FleetEvent[], objectIds: readonly number[], sentAt: number): Map<number, Outcome> {
  const wanted = new Set(objectIds);
  const out = new Map<number, Outcome>();
  const sorted = events.filter((e) => wanted.has(e.ObjectId) && isCommandEvent(e) && e.Time >= sentAt - SKEW_MS).sort((a, b) => a.Time - b.Time);
  for (const e of sorted) {
    if (out.has(e.ObjectId)) continue;
    out.set(e.ObjectId, { ok: (e.Type & FAILED_BIT) === 0, text: e.Text ?? (e.Type & FAILED_BIT ? 'Not delivered' : 'Delivered'), time: e.Time, eventId: e.Id });
  }
  return out;
}
