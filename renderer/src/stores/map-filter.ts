/**
 * Which objects the map shows: by default those the object list's filter keeps (search,
 * group, state), so an operator who narrows the list to a group or to "Offline" sees the same
 * objects on the map and in the legend. The operator can turn that off ("Show all on the
 * map"); the choice is kept. Per window: a list in another window filters only itself.
 */
import { useSyncExternalStore } from 'react';

const FOLLOW_KEY = 'fleet.map.followList';

export interface MapFilterView {
  /** The ids the list's filter keeps; null when the list is not filtered. */
  listIds: ReadonlySet<number> | null;
  /** The map follows the list's filter. */
  followList: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let view: MapFilterView = {
  listIds: null,
  followList: typeof localStorage === 'undefined' || localStorage.getItem(FOLLOW_KEY) !== 'off',
};

function publish(next: MapFilterView) {
  view = next;
  for (const l of listeners) l();
}

function sameIds(a: ReadonlySet<number> | null, b: ReadonlySet<number> | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export const mapFilter = {
  get: () => view,
  /** The ids the map draws: null for every object. */
  shownIds: (): ReadonlySet<number> | null => (view.followList ? view.listIds : null),
  /** The list's filter changed, or what it keeps did (a state filter follows the polls). */
  setListIds(ids: ReadonlySet<number> | null) {
    if (!sameIds(ids, view.listIds)) publish({ ...view, listIds: ids });
  },
  setFollowList(on: boolean) {
    localStorage.setItem(FOLLOW_KEY, on ? 'on' : 'off');
    if (on !== view.followList) publish({ ...view, followList: on });
  },
  subscribe(l: Listener) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useMapFilter(): MapFilterView {
  return useSyncExternalStore(mapFilter.subscribe, mapFilter.get);
}
