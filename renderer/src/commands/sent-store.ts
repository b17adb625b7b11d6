/**
 * Commands sent from this window in this session, so the outcome can be shown next to the
 * object when it arrives, after the dialog is closed. Nothing here is ever re-sent.
 */
import { useSyncExternalStore } from 'react';

export interface SentCommand {
  key: number;
  objectIds: number[];
  label: string;
  sentAt: number;
  /** 'unknown': the connection dropped before the service confirmed. */
  status: 'accepted' | 'unknown';
}

type Listener = () => void;
const listeners = new Set<Listener>();
let sent: SentCommand[] = [];
let nextKey = 1;

export const sentCommands = {
  get: () => sent,
  add(c: Omit<SentCommand, 'key'>) {
    sent = [{ ...c, key: nextKey++ }, ...sent].slice(0, 50);
    for (const l of listeners) l();
  },
  clear() {
    sent = [];
    for (const l of listeners) l();
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useSentCommands(): SentCommand[] {
  return useSyncExternalStore(sentCommands.subscribe, sentCommands.get);
}
