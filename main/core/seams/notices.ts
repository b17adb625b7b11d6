/**
 * Startup notices: what the core found wrong with its own files and did about it (a copy
 * set aside, a fresh start), kept until the user dismisses them. The hosts create one
 * before the settings and the vault, since those are opened before the core is built.
 */
import { renameSync } from 'node:fs';
import type { Notice } from '../../../common/methods/notices';
import { tightenFile } from './private-files';

export interface Notices {
  add(n: Omit<Notice, 'id' | 'at'> & { id?: string }): Notice;
  list(): Notice[];
  dismiss(id: string): Notice[];
  /** Called on every change (the core pushes `notices/changed`). */
  onChange(listener: (list: Notice[]) => void): () => void;
}

export function createNotices(now: () => number = Date.now): Notices {
  const items: Notice[] = [];
  const listeners = new Set<(list: Notice[]) => void>();
  let seq = 0;
  const changed = () => {
    const copy = items.slice();
    for (const l of listeners) l(copy);
  };
  return {
    add(n) {
      const id = n.id ?? `${n.kind}-${now()}-${++seq}`;
      const existing = items.find((x) => x.id === id);
      if (existing) return existing;
      const notice: Notice = { ...n, id, at: now() };
      items.push(notice);
      changed();
      return notice;
    },
    list: () => items.slice(),
    dismiss(id) {
      const i = items.findIndex((x) => x.id === id);
      if (i >= 0) {
        items.splice(i, 1);
        changed();
      }
      return items.slice();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** `<file>.<tag>-<UTC timestamp>`: sortable, and no colons (Windows file names). */
export function asideName(file: string, tag: 'damaged' | 'newer', at: number = Date.now()): string {
  return `${file}.${tag}-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
}

/** Renames a bad file out of the way (never deletes it) and returns where it went. */
export function setAside(file: string, tag: 'damaged' | 'newer', at: number = Date.now()): string {
  const to = asideName(file, tag, at);
  renameSync(file, to);
  tightenFile(to); // the copy may hold secrets even if the original was left readable
  return to;
}
