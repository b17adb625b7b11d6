/**
 * Names of the records of other collections that a list's columns or a rule's sentence
 * mention: the kept lists at once (no request), and the service's for a collection never
 * kept yet (a first visit), so an id is shown as a name wherever it can be.
 */
import { useEffect, useState } from 'react';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueList } from '../../../../common/methods/catalogue';
import { rpc } from '../../rpc/client';
import { nameOf } from './descriptor';

export type Names = Map<CollectionId, Map<number, string>>;

const byId = (l: CatalogueList) => new Map(l.records.map((r) => [r.Id, nameOf(r)]));

export function useNames(of: readonly CollectionId[]): Names {
  const [names, setNames] = useState<Names>(new Map());
  const key = [...new Set(of)].join(',');
  useEffect(() => {
    let live = true;
    const put = (c: CollectionId, l: CatalogueList) => live && setNames((m) => new Map(m).set(c, byId(l)));
    for (const c of key ? (key.split(',') as CollectionId[]) : []) {
      void rpc('catalogue/list', { collection: c, cached: true })
        .then((l) => (put(c, l), l.fetchedAt === null ? rpc('catalogue/list', { collection: c }).then((f) => put(c, f)) : undefined))
        .catch(() => {});
    }
    return () => {
      live = false;
    };
  }, [key]);
  return names;
}
