import { useEffect } from 'react';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { useConnectivity } from '../stores/connectivity';
import { feedFleet } from '../stores/push-feeds';

/** The fleet store and the connectivity are fed while the shell is shown (stores/push-feeds.ts). */
export function useLiveFleet(): ConnectivityState | null {
  const conn = useConnectivity();
  useEffect(() => feedFleet(), []);
  return conn;
}
