/**
 * Object group names by id: one copy for the window (use-group-names.ts fills it from the
 * cache). Apart from the loader so the list's columns can read it without the transport.
 */
let names: ReadonlyMap<number, string> = new Map();
const listeners = new Set<() => void>();

export function setGroupNames(next: ReadonlyMap<number, string>): void {
  names = next;
  for (const f of listeners) f();
}

/** The current names, for code outside React (the list's sort reads them per pass). */
export function groupNamesNow(): ReadonlyMap<number, string> {
  return names;
}

export function onGroupNames(f: () => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** The groups of an object by name ("North, Depot 3"); an id the cache has no name for is "Group 7". */
export function groupsText(ids: readonly number[] | undefined, byId: ReadonlyMap<number, string>): string {
  return (ids ?? []).map((id) => byId.get(id) ?? `Group ${id}`).join(', ');
}
