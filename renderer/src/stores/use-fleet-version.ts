import { useStoreInItsOwnTask, type Readable } from './create-store';
import { fleetStore } from './fleet-store';

const version: Readable<number> = { get: fleetStore.getVersion, subscribe: fleetStore.subscribe };

/**
 * The fleet store's version, for views that follow every poll (the list's live values, the
 * legend, the positions' age): rendered in a task after the poll's own (decision 0068).
 */
export function useFleetVersion(): number {
  return useStoreInItsOwnTask(version);
}
