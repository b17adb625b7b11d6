/**
 * The geozones and their groups for the editor: read from the core (the cache first when
 * fresh or offline, with its age) and read again on every `geozones/changed` push.
 */
import { useCallback, useEffect, useState } from 'react';
import type { GeozoneGroupsList } from '../../../../common/methods/geozones';
import { onPush, rpc, RpcError } from '../../rpc/client';
import { readZone, type ZoneRec } from './geometry';

export interface GeozonesState {
  zones: ZoneRec[];
  groups: GeozoneGroupsList['groups'];
  /** When the list was last confirmed by the service; null before the first answer. */
  fetchedAt: number | null;
  loading: boolean;
  error: string | null;
}

export function useGeozones(): GeozonesState & { reload: () => void } {
  const [state, setState] = useState<GeozonesState>({ zones: [], groups: [], fetchedAt: null, loading: true, error: null });
  const reload = useCallback(() => {
    void Promise.all([rpc('geozones/list', {}), rpc('geozones/groups', {}).catch(() => ({ groups: [], fetchedAt: null }))])
      .then(([list, groups]) => {
        const zones = list.geozones.map(readZone).filter((z): z is ZoneRec => z !== null);
        setState({ zones, groups: groups.groups, fetchedAt: list.fetchedAt, loading: false, error: null });
      })
      .catch((e: unknown) => setState((s) => ({ ...s, loading: false, error: e instanceof RpcError ? e.text : String(e) })));
  }, []);
  useEffect(() => {
    reload();
    return onPush('geozones/changed', reload);
  }, [reload]);
  return { ...state, reload };
}
