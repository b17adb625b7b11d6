import { useEffect, useState } from 'react';
import { onPush, rpc } from '../rpc/client';

/**
 * Object group names by id, from the cache; asked again when the object list changes,
 * since both come from the same reference refresh.
 */
export function useGroupNames(): Map<number, string> {
  const [names, setNames] = useState<Map<number, string>>(() => new Map());
  useEffect(() => {
    let alive = true;
    const load = () =>
      rpc('objects/groups', {})
        .then((r) => alive && setNames(new Map(r.groups.map((g) => [g.Id, g.Name]))))
        .catch(() => {});
    void load();
    const off = onPush('objects/changed', () => void load());
    return () => {
      alive = false;
      off();
    };
  }, []);
  return names;
}
