/**
 * Which objects the map shows: by default those the object list's filter keeps (search,
 * group, state), so an operator who narrows the list to a group or to "Offline" sees the same
 * objects on the map and in the legend. The operator can turn that off ("Show all on the
 * map"); the choice is kept. Per window: a list in another window filters only itself.
 */
import { createStore, useStore } from './create-store';

const FOLLOW_KEY = 'fleet.map.followList';

export interface MapFilterView {
  /** The ids the list's filter keeps; null when the list is not filtered. */
  listIds: ReadonlySet<number> | null;
  /** The map follows the list's filter. */
  followList: boolean;
}

const store = createStore<MapFilterView>({
  listIds: null,
  followList: typeof localStorage === 'undefined' || localStorage.getItem(FOLLOW_KEY) !== 'off',
});

function sameIds(a: ReadonlySet<number> | null, b: ReadonlySet<number> | null): boolean {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

export const mapFilter = {
  get: store.get,
  /** The ids the map draws: null for every object. */
  shownIds: (): ReadonlySet<number> | null => (store.get().followList ? store.get().listIds : null),
  /** The list's filter changed, or what it keeps did (a state filter follows the polls). */
  setListIds(ids: ReadonlySet<number> | null) {
    const view = store.get();
    if (!sameIds(ids, view.listIds)) store.set({ ...view, listIds: ids });
  },
  setFollowList(on: boolean) {
    localStorage.setItem(FOLLOW_KEY, on ? 'on' : 'off');
    const view = store.get();
    if (on !== view.followList) store.set({ ...view, followList: on });
  },
  subscribe: store.subscribe,
};

export function useMapFilter(): MapFilterView {
  return useStore(store);
}
