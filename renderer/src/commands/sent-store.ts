/**
 * Commands sent from this window in this session, so the outcome can be shown next to the
 * object when it arrives, after the dialog is closed. Nothing here is ever re-sent.
 *
 * Outcomes are recorded here as they are found, not read off the events list on each
 * render: the list holds unacknowledged events only, and acknowledging the outcome (or
 * "Acknowledge all") must not turn a known result back into "waiting".
 */
import { eventsStore } from '../events/events-store';
import { createStore, useStore } from '../stores/create-store';
import { matchOutcomes, type Outcome, type SendToMatch, type SentCommand } from './outcomes';

export type { SentCommand };


let sent: SentCommand[] = [];
let nextKey = 1;
let unwatch: (() => void) | null = null;
/** Tells the views; `sent` is replaced by a new array at every change, so each one reaches them. */
const store = createStore<SentCommand[]>(sent);

function notify() {
  store.set(sent);
}

function pendingOf(list: readonly SentCommand[]): SendToMatch[] {
  const out: SendToMatch[] = [];
  for (const c of list) {
    const objectIds = c.objectIds.filter((id) => !c.outcomes.has(id));
    if (objectIds.length) out.push({ key: c.key, objectIds, sentAt: c.sentAt, command: c.command, name: c.name });
  }
  return out;
}

/** Records outcomes that arrived among the events; stops watching once every send has all of its. */
function settle() {
  const pending = pendingOf(sent);
  const taken = new Set(sent.flatMap((c) => [...c.outcomes.values()].map((o) => o.eventId)));
  const found = pending.length ? matchOutcomes(eventsStore.get().all, pending, taken) : new Map<number, Map<number, Outcome>>();
  if (found.size > 0) {
    sent = sent.map((c) => {
      const f = found.get(c.key);
      return f ? { ...c, outcomes: new Map([...c.outcomes, ...f]) } : c;
    });
    notify();
  }
  if (pendingOf(sent).length === 0) {
    unwatch?.();
    unwatch = null;
  }
}

export const sentCommands = {
  get: () => sent,
  add(c: Omit<SentCommand, 'key' | 'outcomes'>): SentCommand {
    const cmd: SentCommand = { ...c, key: nextKey++, outcomes: new Map() };
    sent = [cmd, ...sent].slice(0, 50);
    notify();
    unwatch ??= eventsStore.subscribe(settle);
    // An outcome may already be listed (a fast device, clocks apart).
    settle();
    return sent.find((s) => s.key === cmd.key) ?? cmd;
  },
  clear() {
    sent = [];
    unwatch?.();
    unwatch = null;
    notify();
  },
  subscribe: store.subscribe,
};

export function useSentCommands(): SentCommand[] {
  return useStore(store);
}

/** The send with this key as it is now (its outcomes fill in), or null once it left the list. */
export function useSentCommand(key: number): SentCommand | null {
  return useSentCommands().find((c) => c.key === key) ?? null;
}
