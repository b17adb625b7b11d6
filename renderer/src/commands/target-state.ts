/**
 * Each target of a command as it is now, in one line for the confirmation: "Bus 0012 is
 * moving at 45 km/h". An operator about to cut an engine must see that the vehicle is driving.
 */
import { Ignition } from '../../../common/methods/live';
import type { FleetStore } from '../stores/fleet-store';
import { objectState, type ObjectState } from '../stores/object-state';
import { ageText, speedText } from '../ui/format';

export interface TargetState {
  id: number;
  name: string;
  /** null when it never reported. */
  state: ObjectState | null;
  /** "is moving at 45 km/h", "is parked", "is offline (last report 3 h ago)". */
  text: string;
}

const WORDS: Record<ObjectState, string> = {
  moving: 'is moving',
  idle: 'is standing with the ignition on',
  parked: 'is parked',
  offline: 'is offline',
  never: 'has never reported',
  blocked: 'is blocked',
  broken: 'is marked broken',
  service: 'is on service',
  inactive: 'has no device installed',
};

export function targetState(store: FleetStore, id: number, now: number): TargetState {
  const name = store.objectsById.get(id)?.Name ?? `Object ${id}`;
  const s = store.slot(id);
  const p = store.positions;
  if (s === undefined || s >= p.count || p.time[s] === 0) return { id, name, state: null, text: 'has never reported' };
  const state = objectState(p.status[s], p.time[s]!, p.online[s] === 1, p.speed[s]!, p.ignition[s] === Ignition.on);
  const age = ageText(p.time[s]!, now);
  const text =
    state === 'moving'
      ? `is moving at ${speedText(p.speed[s]!)}`
      : state === 'offline'
        ? `is offline (last report ${age})`
        : `${WORDS[state]} (last report ${age})`;
  return { id, name, state, text };
}
