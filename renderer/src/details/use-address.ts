import { useEffect, useState } from 'react';
import type { ErrorCode } from '../../../common/errors';
import type { Address } from '../../../common/methods/geocode';
import { RpcError, rpc } from '../rpc/client';
import { useConnectivity } from '../stores/connectivity';

/** The core caches addresses at ~10 m; asking again for the same rounded point would only repeat its answer. */
const key = (lat: number, lng: number) => `${lat.toFixed(4)},${lng.toFixed(4)}`;

export type AddressState =
  | { at: 'none' }
  | { at: 'loading' }
  | { at: 'done'; address: Address }
  | { at: 'failed'; code: ErrorCode | null; message: string };

export function useAddress(objectId: number | null, lat: number | undefined, lng: number | undefined): AddressState {
  const k = lat === undefined || lng === undefined ? null : key(lat, lng);
  const [state, setState] = useState<AddressState>({ at: 'none' });
  // A lookup that failed (offline, most often) is asked again when the service answers.
  const online = useConnectivity()?.state === 'online';
  const [wasOnline, setWasOnline] = useState(online);
  const [retry, setRetry] = useState(0);
  if (online !== wasOnline) {
    // Only on the way back online: a lookup the server itself refused is not repeated in a loop.
    setWasOnline(online);
    if (online && state.at === 'failed') setRetry((n) => n + 1);
  }
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
      .catch(
        (e: unknown) =>
          alive && setState(e instanceof RpcError ? { at: 'failed', code: e.code, message: e.text } : { at: 'failed', code: null, message: String(e) }),
      );
    return () => {
      alive = false;
    };
  }, [k, retry]);
  return state;
}
