/** How many objects are in each state: the map's legend, read at a glance across the room. */
import { Ignition } from '../../../common/position-columns';
import type { FleetStore } from './fleet-store';
import { objectState, STATE_LABEL, type ObjectState } from './object-state';

/** `only`: count these objects alone (the map's filter); null: all. */
export function countStates(store: Pick<FleetStore, 'objects' | 'positions' | 'objectSlots'>, only: ReadonlySet<number> | null = null): Record<ObjectState, number> {
  const counts = Object.fromEntries(Object.keys(STATE_LABEL).map((k) => [k, 0])) as Record<ObjectState, number>;
  const p = store.positions;
  const { objects } = store;
  const slots = store.objectSlots();
  for (let i = 0; i < objects.length; i++) {
    const o = objects[i]!;
    if (only && !only.has(o.Id)) continue;
    const s = slots[i]!;
    const state =
      s < 0
        ? objectState(o.Status, 0, false, 0)
        : objectState(o.Status, p.time[s]!, p.online[s] === 1, p.speed[s]!, p.ignition[s] === Ignition.on);
    counts[state]++;
  }
  return counts;
}
