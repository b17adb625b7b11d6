/**
 * Sends whose outcome is unknown (the connection dropped before the service confirmed): the
 * objects' events are watched for OUTCOME_WATCH_MS, then the console says what it knows, and
 * a second send of the same command to the same object asks first. Pure, so the words and the
 * rule are tested without a page. Types are structural: the store's SentCommand fits.
 */
import { i18n } from '../i18n';
import { normalCommand } from './destructive';
import type { SentCommand } from './outcomes';

/**
 * The core polls events every couple of seconds for 20 s after a send (services/index.ts
 * OUTCOME_WATCH_MS), and an outcome follows a delivered command within seconds; one regular
 * events poll more (10 s) makes 30 s.
 */
export const OUTCOME_WATCH_MS = 30_000;
/** A send older than this no longer makes a resend ask: the operator has moved on. */
export const RESEND_ASK_MS = 10 * 60_000;

/** What these rules read of a send. */
type Sent = Omit<SentCommand, 'key'>;

export type OutcomeLine = { kind: 'ok' | 'failed' | 'waiting' | 'watching' | 'no-sign'; text: string };

/** One object's line under a send: its outcome, or what is known while there is none. */
export function outcomeLine(c: Sent, objectId: number, now: number): OutcomeLine {
  const o = c.outcomes.get(objectId);
  if (o) return { kind: o.ok ? 'ok' : 'failed', text: o.text || i18n.t(o.ok ? 'commands:outcome.delivered' : 'commands:outcome.notDelivered') };
  if (c.status !== 'unknown') return { kind: 'waiting', text: i18n.t('commands:outcome.waiting') };
  const left = c.sentAt + OUTCOME_WATCH_MS - now;
  if (left > 0) return { kind: 'watching', text: i18n.t('commands:outcome.watching', { seconds: Math.ceil(left / 1000) }) };
  return { kind: 'no-sign', text: i18n.t('commands:outcome.noSign', { seconds: Math.round(OUTCOME_WATCH_MS / 1000) }) };
}

/** The command a send carried, as devices read it; sends by template compare by name too. */
function sameCommand(c: Sent, what: { command?: string | undefined; name?: string | undefined }): boolean {
  if (c.command !== undefined && what.command !== undefined && normalCommand(c.command) === normalCommand(what.command)) return true;
  return c.name !== undefined && what.name !== undefined && normalCommand(c.name) === normalCommand(what.name);
}

/**
 * The newest send of the same command to any of these objects whose outcome is unknown and
 * still not found for them, with those objects, or null: sending it again could do it twice.
 */
export function unknownPrior<T extends Sent>(
  sent: readonly T[],
  objectIds: readonly number[],
  what: { command?: string | undefined; name?: string | undefined },
  now: number,
): { send: T; objectIds: number[] } | null {
  const ids = new Set(objectIds);
  for (const c of [...sent].sort((a, b) => b.sentAt - a.sentAt)) {
    if (c.status !== 'unknown' || now - c.sentAt > RESEND_ASK_MS || !sameCommand(c, what)) continue;
    const open = c.objectIds.filter((id) => ids.has(id) && !c.outcomes.has(id));
    if (open.length > 0) return { send: c, objectIds: open };
  }
  return null;
}
