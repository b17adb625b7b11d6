import { useSyncExternalStore } from 'react';
import { rpc } from '../rpc/client';
import { groupNamesNow, onGroupNames, setGroupNames } from './group-names';
import { feedGroupNames } from './push-feeds';

/**
 * Loaded when something first reads the names, and again when the object list or the
 * groups change (both come from the reference refresh). One load for the window, not one
 * per reader: the list's group cells read the names per row.
 */
let started = false;

function load(): void {
  rpc('objects/groups', {})
    .then((r) => setGroupNames(new Map(r.groups.map((g) => [g.Id, g.Name]))))
    // Offline with nothing cached: ids stand in for names until the next change.
    .catch(() => {});
}

function subscribe(f: () => void): () => void {
  if (!started) {
    started = true;
    load();
    feedGroupNames(load);
  }
  return onGroupNames(f);
}

export function useGroupNames(): ReadonlyMap<number, string> {
  return useSyncExternalStore(subscribe, groupNamesNow);
}
