import { useEffect, useState } from 'react';
import type { ObjectDetails } from '../../../common/methods/live';
import { RpcError, onPush, rpc } from '../rpc/client';

/** Sensors and stats change without the position moving, so they are re-read on a slow clock too. */
const REFRESH_MS = 10_000;

/** The selected object's details from the cache, re-read when a status delta or a list change names it. */
export function useDetails(id: number | null): { details: ObjectDetails | null; error: string | null } {
  const [details, setDetails] = useState<ObjectDetails | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setDetails(null);
    setError(null);
    if (id === null) return;
    let alive = true;
    let inFlight = false;
    const load = () => {
      if (inFlight) return;
      inFlight = true;
      rpc('objects/details', { id })
        .then((d) => {
          if (!alive) return;
          setDetails(d);
          setError(null);
        })
        .catch((e: unknown) => alive && setError(e instanceof RpcError ? e.text : String(e)))
        .finally(() => (inFlight = false));
    };
    load();
    const timer = setInterval(load, REFRESH_MS);
    const offs = [
      onPush('status/delta', (d) => {
        if (d.ids.includes(id)) load();
      }),
      // A new list (a first sign-in's full list after its names) or an edit of this object.
      onPush('objects/changed', (c) => {
        if (c.reload || c.upserted.some((o) => o.Id === id)) load();
      }),
    ];
    return () => {
      alive = false;
      clearInterval(timer);
      offs.forEach((off) => off());
    };
  }, [id]);
  return { details, error };
}
