/**
 * Multi-selection over the rows in their shown order (pure, unit-tested): a click selects
 * one row, Ctrl/⌘-click or the row's checkbox toggles one, Shift-click adds the range from
 * the last clicked row (the anchor) to this one, as in a file manager.
 */
export interface Selection {
  ids: ReadonlySet<number>;
  anchor: number | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

export type ClickKind = 'only' | 'toggle' | 'range';

export function clickKind(e: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): ClickKind {
  if (e.shiftKey) return 'range';
  if (e.ctrlKey || e.metaKey) return 'toggle';
  return 'only';
}

export function applyClick(sel: Selection, order: readonly number[], id: number, kind: ClickKind): Selection {
  if (kind === 'only') return { ids: new Set([id]), anchor: id };
  if (kind === 'toggle') {
    const ids = new Set(sel.ids);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    return { ids, anchor: id };
  }
  const from = sel.anchor === null ? -1 : order.indexOf(sel.anchor);
  const to = order.indexOf(id);
  if (from < 0 || to < 0) return { ids: new Set([...sel.ids, id]), anchor: id };
  const ids = new Set(sel.ids);
  for (let i = Math.min(from, to); i <= Math.max(from, to); i++) ids.add(order[i]!);
  // The anchor stays, so a second Shift-click re-extends from the same row.
  return { ids, anchor: sel.anchor };
}

/** "Select all filtered": adds every shown row to what was chosen before filtering. */
export function selectAll(sel: Selection, shown: readonly number[]): Selection {
  return { ids: new Set([...sel.ids, ...shown]), anchor: sel.anchor };
}

/** Unselects the shown rows only: rows chosen under another filter stay chosen. */
export function unselectShown(sel: Selection, shown: readonly number[]): Selection {
  const ids = new Set(sel.ids);
  for (const id of shown) ids.delete(id);
  return { ids, anchor: sel.anchor };
}

/** Drops ids of objects that are gone (deleted, moved out of sight). */
export function keepExisting(sel: Selection, exists: (id: number) => boolean): Selection {
  const ids = [...sel.ids].filter(exists);
  return ids.length === sel.ids.size ? sel : { ids: new Set(ids), anchor: sel.anchor !== null && exists(sel.anchor) ? sel.anchor : null };
}
