/**
 * One collection's list for a screen: the kept copy at once (so it opens offline), then the
 * service's; reloaded from the kept copy when a write here or elsewhere changed it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueList } from '../../../../common/methods/catalogue';
import { onPush, rpc, RpcError } from '../../rpc/client';

export interface CollectionState {
  list: CatalogueList | null;
  loading: boolean;
  error: string | null;
  refresh: () => void;
}

const words = (e: unknown) => (e instanceof RpcError ? e.text : e instanceof Error ? e.message : String(e));

export function useCollection(id: CollectionId): CollectionState {
  const [list, setList] = useState<CatalogueList | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    let live = true;
    setList(null);
    setLoading(true);
    setError(null);
    void (async () => {
      try {
        const kept = await rpc('catalogue/list', { collection: id, cached: true });
        if (live && kept.fetchedAt !== null) setList(kept);
        const fresh = await rpc('catalogue/list', { collection: id });
        if (live) setList(fresh);
      } catch (e) {
        if (live) setError(words(e));
      } finally {
        if (live) setLoading(false);
      }
    })();
    const off = onPush('catalogue/changed', (p) => {
      if (p.collection !== id) return;
      void rpc('catalogue/list', { collection: id, cached: true }).then((l) => live && setList((old) => ({ ...l, staleReason: old?.staleReason ?? null })), () => {});
    });
    return () => {
      live = false;
      off();
    };
  }, [id, round]);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { list, loading, error, refresh };
}
