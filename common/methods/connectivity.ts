import { z } from 'zod';
import { method, push } from '../define';

export type Connectivity = 'online' | 'degraded' | 'offline';

export interface ConnectivityState {
  state: Connectivity;
  /** Time (Unix ms) of the last good answer, per data set ("status", "objects", "events"…). */
  lastGood: Record<string, number>;
  /** The last failure in words, when not online. */
  lastError: string | null;
  /** The connection judged over the last minute (main/core/sync/link-judge.ts): what the header says. */
  link?: LinkJudgement;
  /** Each data set's poll period (ms), so a view can tell data older than it should be. */
  pollMs?: Record<string, number>;
}

/** One failed request, for the connection panel: technical on purpose, one click away from the header. */
export interface LinkFailure {
  at: number;
  /** "GET /api/ObjectsStatus", or the data set when the request is not known. */
  endpoint: string;
  /** "HTTP 500", "HTTP 429", "no answer", "connection dropped", "unreadable answer". */
  status: string;
  /** The failure as the client described it. */
  message: string;
}

export interface LinkJudgement {
  state: Connectivity;
  /** When `state` last changed (Unix ms). */
  since: number;
  /** Requests that failed, of all reported, within the last `windowMs`. */
  failed: number;
  total: number;
  windowMs: number;
  /** Newest first, a few dozen at most. */
  failures: LinkFailure[];
}

export const connectivityMethods = {
  'connectivity/state': method<ConnectivityState>()(z.object({})),
};

export const connectivityPushes = {
  'connectivity/changed': push<ConnectivityState>(),
};
