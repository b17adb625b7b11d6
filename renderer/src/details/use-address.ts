import { useEffect, useState } from 'react';
import type { Address } from '../../../common/methods/geocode';
import { RpcError, rpc } from '../rpc/client';

/** The core caches addresses at ~10 m; asking again for the same rounded point would only repeat its answer. */
const key = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

export type AddressState = { at: 'none' } | { at: 'loading' } | { at: 'done'; address: Address } | { at: 'failed'; message: string };

export function useAddress(objectId: number | null, lat: number | undefined, lng: number | undefined): AddressState {
  const k = lat === undefined || lng === undefined ? null : key(lat, lng);
  const [state, setState] = useState<AddressState>({ at: 'none' });
  useEffect(() => setState({ at: 'none' }), [objectId]);
  useEffect(() => {
    if (k === null) {
      setState({ at: 'none' });
      return;
    }
    let alive = true;
    // Keep showing the last address while a moving vehicle's next one is looked up.
    setState((s) => (s.at === 'done' ? s : { at: 'loading' }));
    const [la, ln] = k.split(',').map(Number) as [number, number];
    rpc('geocode/address', { lat: la, lng: ln })
      .then((address) => alive && setState({ at: 'done', address }))
      .catch((e: unknown) => alive && setState({ at: 'failed', message: e instanceof RpcError ? e.text : String(e) }));
    return () => {
      alive = false;
    };
  }, [k]);
  return state;
}
