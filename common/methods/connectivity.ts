import { z } from 'zod';
import { method, push } from '../define';

export type Connectivity = 'online' | 'degraded' | 'offline';

export interface ConnectivityState {
  state: Connectivity;
  /** Time (Unix ms) of the last good answer, per data set ("status", "objects", "events"…). */
  lastGood: Record<string, number>;
  /** The last failure in words, when not online. */
  lastError: string | null;
}

export const connectivityMethods = {
  'connectivity/state': method<ConnectivityState>()(z.object({})),
};

export const connectivityPushes = {
  'connectivity/changed': push<ConnectivityState>(),
};
