import { useLayoutEffect } from 'react';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { useConnectivity } from '../stores/connectivity';
import { feedFleet } from '../stores/push-feeds';

/**
 * The fleet store and the connectivity are fed while the shell is shown (stores/push-feeds.ts).
 * A layout effect, so the list and the positions are asked before the panels' own first reads
 * (their effects run after): the host answers in order, and these are what a start waits for.
 */
export function useLiveFleet(): ConnectivityState | null {
  const conn = useConnectivity();
  useLayoutEffect(() => feedFleet(), []);
  return conn;
}
