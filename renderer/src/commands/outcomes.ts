/** Matching a sent command to its outcome, which the service reports later as an event of each object. */
import type { FleetEvent } from '../../../common/resources';
import { normalCommand } from './destructive';

const COMMAND_BITS = 0x100 | 0x200;
const FAILED_BIT = 0x200;
/** Device and server clocks differ a little; an outcome stamped slightly before our send still counts. */
export const SKEW_MS = 30_000;

export interface Outcome {
  ok: boolean;
  /** The event's own text; empty when it had none (the screen then says delivered or not in its language). */
  text: string;
  time: number;
  eventId: number;
}

/** What was sent, as far as an outcome event can name it. */
/** One send as the screens keep it (sent-store.ts), and as the unknown-outcome rules read it. */
export interface SentCommand {
  key: number;
  objectIds: number[];
  label: string;
  sentAt: number;
  /** 'unknown': the connection dropped before the service confirmed. */
  status: 'accepted' | 'unknown';
  /** The command string sent (template's Command or the raw text), to tell its outcome from another command's. */
  command?: string | undefined;
  /** The template's Name, when sent by template. */
  name?: string | undefined;
  /** By object id; once found it stays. */
  outcomes: ReadonlyMap<number, Outcome>;
}

export interface SendToMatch {
  key: number;
  objectIds: readonly number[];
  sentAt: number;
  /** The command string the device got (the template's Command, or the raw text). */
  command?: string | undefined;
  /** The template's Name, when sent by template. */
  name?: string | undefined;
}

export function isCommandEvent(e: FleetEvent): boolean {
  return (e.Type & COMMAND_BITS) !== 0;
}

/**
 * The command an outcome text names, as the service writes it: `Command "getgps" (Get
 * position) executed: OK`, `Command "cpureset" not delivered: device offline`. Null when the
 * text is in another form (the spec does not fix it): such an event is matched by time alone.
 */
export function namedCommand(text: string | undefined): { command: string; name: string | undefined } | null {
  if (!text) return null;
  const m = /Command "(.*)"(?: \((.*?)\))? (?:executed|not delivered)\b/is.exec(text);
  return m ? { command: m[1]!, name: m[2] } : null;
}

function namesThisCommand(named: { command: string; name: string | undefined }, s: SendToMatch): boolean {
  if (s.command !== undefined && normalCommand(named.command) === normalCommand(s.command)) return true;
  return s.name !== undefined && named.name !== undefined && normalCommand(named.name) === normalCommand(s.name);
}

function outcomeOf(e: FleetEvent): Outcome {
  const failed = (e.Type & FAILED_BIT) !== 0;
  return { ok: !failed, text: e.Text ?? '', time: e.Time, eventId: e.Id };
}

/**
 * Outcomes for the sends, by send key then object id. Oldest send first, each object takes the
 * earliest command event from `sentAt − SKEW_MS` on that names this command (or names none),
 * skipping events in `taken` and those an older send took here: two `getgps` ten seconds apart
 * get one outcome each, and an event naming another command is never this one's.
 */
export function matchOutcomes(events: readonly FleetEvent[], sends: readonly SendToMatch[], taken: ReadonlySet<number> = new Set()): Map<number, Map<number, Outcome>> {
  const out = new Map<number, Map<number, Outcome>>();
  if (sends.length === 0) return out;
  const wanted = new Set(sends.flatMap((s) => s.objectIds));
  const byObject = new Map<number, FleetEvent[]>();
  for (const e of events) {
    if (!wanted.has(e.ObjectId) || !isCommandEvent(e) || taken.has(e.Id)) continue;
    const list = byObject.get(e.ObjectId);
    if (list) list.push(e);
    else byObject.set(e.ObjectId, [e]);
  }
  for (const list of byObject.values()) list.sort((a, b) => a.Time - b.Time || a.Id - b.Id);
  const used = new Set<number>();
  for (const s of [...sends].sort((a, b) => a.sentAt - b.sentAt || a.key - b.key)) {
    for (const id of s.objectIds) {
      const hit = byObject.get(id)?.find((e) => {
        if (used.has(e.Id) || e.Time < s.sentAt - SKEW_MS) return false;
        const named = namedCommand(e.Text);
        return named === null || namesThisCommand(named, s);
      });
      if (!hit) continue;
      used.add(hit.Id);
      let mine = out.get(s.key);
      if (!mine) out.set(s.key, (mine = new Map()));
      mine.set(id, outcomeOf(hit));
    }
  }
  return out;
}

/** One send's outcomes by object id, whatever command it was (kept for callers that know no command). */
export function outcomesFor(events: readonly FleetEvent[], objectIds: readonly number[], sentAt: number): Map<number, Outcome> {
  return matchOutcomes(events, [{ key: 0, objectIds, sentAt }]).get(0) ?? new Map<number, Outcome>();
}
