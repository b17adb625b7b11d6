import { useCallback, useEffect, useState } from 'react';
import { applyClick, EMPTY_SELECTION, keepExisting, selectAll, unselectShown, type ClickKind, type Selection } from './selection-model';
import type { AdminRow } from './admin-rows';

/** The chosen objects, over the rows in their shown order; objects that disappear leave it. */
export function useAdminSelection(all: readonly AdminRow[], order: readonly number[]) {
  const [sel, setSel] = useState<Selection>(EMPTY_SELECTION);
  useEffect(() => {
    const ids = new Set(all.map((r) => r.id));
    setSel((s) => keepExisting(s, (id) => ids.has(id)));
  }, [all]);
  const click = useCallback((id: number, kind: ClickKind) => setSel((s) => applyClick(s, order, id, kind)), [order]);
  const allShown = useCallback((on: boolean) => setSel((s) => (on ? selectAll(s, order) : unselectShown(s, order))), [order]);
  const clear = useCallback(() => setSel(EMPTY_SELECTION), []);
  return { ids: sel.ids, click, allShown, clear };
}
