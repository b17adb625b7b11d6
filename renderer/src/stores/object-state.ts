/** The state an operator reads off a marker's colour; one function so map, list and legend agree. */
import { ObjectStatusCode } from '../../../common/object-status';

export type ObjectState = 'moving' | 'idle' | 'parked' | 'offline' | 'never' | 'blocked' | 'broken' | 'service' | 'inactive';

/** Moving above this speed (km/h): GPS jitter of a parked vehicle stays below it. */
const MOVING_KMH = 3;

/**
 * `ignitionOn`: the object's ignition input reads on (PositionColumns.ignition). Standing
 * with the engine running is "idle": fuel burnt for nothing, what a dispatcher looks for.
 */
export function objectState(status: number | undefined, time: number, online: boolean, speed: number, ignitionOn = false): ObjectState {
  if (status === ObjectStatusCode.blocked) return 'blocked';
  if (status === ObjectStatusCode.broken) return 'broken';
  if (status === ObjectStatusCode.onService) return 'service';
  if (status === ObjectStatusCode.notInstalled || status === ObjectStatusCode.deleted) return 'inactive';
  if (!time) return 'never';
  if (!online) return 'offline';
  if (speed > MOVING_KMH) return 'moving';
  return ignitionOn ? 'idle' : 'parked';
}

export const STATE_COLOR: Record<ObjectState, string> = {
  moving: '#1f9d55',
  // Amber, apart from "broken" orange and readable on both themes' tiles.
  idle: '#d4a20a',
  parked: '#2f6fde',
  offline: '#8a8f98',
  never: '#c2c6cc',
  blocked: '#d64545',
  broken: '#e07b00',
  service: '#9b59b6',
  inactive: '#5b5f66',
};

export const STATE_LABEL: Record<ObjectState, string> = {
  moving: 'Moving',
  idle: 'Idle, ignition on',
  parked: 'Parked',
  offline: 'Offline',
  never: 'Never reported',
  blocked: 'Blocked',
  broken: 'Broken',
  service: 'On service',
  inactive: 'Not installed',
};

/** Object.Status as its words, for the details' field list (the map reads it as a state above). */
export const STATUS_TEXT: Record<number, string> = {
  [ObjectStatusCode.blocked]: 'Blocked',
  [ObjectStatusCode.active]: 'Active',
  [ObjectStatusCode.broken]: 'Broken',
  [ObjectStatusCode.onService]: 'On service',
  [ObjectStatusCode.notInstalled]: 'Not installed',
  [ObjectStatusCode.deleted]: 'Deleted',
};
