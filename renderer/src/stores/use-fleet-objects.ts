import { useSyncExternalStore } from 'react';
import type { ObjectSummary } from '../../../common/methods/live';
import { fleetStore } from './fleet-store';

/**
 * The objects by id, for names shown beside events and details: re-renders when the list
 * changes, not on every position poll (a new map is made only by setObjects).
 */
export function useFleetObjects(): ReadonlyMap<number, ObjectSummary> {
  return useSyncExternalStore(fleetStore.subscribe, () => fleetStore.objectsById);
}

/** Whether the list is a first sign-in's names only, the full list on its way (ObjectsList.namesOnly). */
export function useNamesOnly(): boolean {
  return useSyncExternalStore(fleetStore.subscribe, () => fleetStore.objectsNamesOnly);
}

/** The objects as the list gave them (in name order); the same rule: a new array only when the list changes. */
export function useFleetObjectList(): readonly ObjectSummary[] {
  return useSyncExternalStore(fleetStore.subscribe, () => fleetStore.objects);
}
