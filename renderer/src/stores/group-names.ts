/**
 * Object group names by id: one copy for the window (use-group-names.ts fills it from the
 * cache). Apart from the loader so the list's columns can read it without the transport.
 */
import { createStore } from './create-store';

const store = createStore<ReadonlyMap<number, string>>(new Map());

export function setGroupNames(next: ReadonlyMap<number, string>): void {
  store.set(next);
}

/** The current names, for code outside React (the list's sort reads them per pass). */
export function groupNamesNow(): ReadonlyMap<number, string> {
  return store.get();
}

export function onGroupNames(f: () => void): () => void {
  return store.subscribe(f);
}

/** The groups of an object by name ("North, Depot 3"); an id the cache has no name for is "Group 7". */
export function groupsText(ids: readonly number[] | undefined, byId: ReadonlyMap<number, string>): string {
  return (ids ?? []).map((id) => byId.get(id) ?? `Group ${id}`).join(', ');
}
