/**
 * Each target of a command as it is now, in one line for the confirmation: "Bus 0012 is
 * moving at 45 km/h". An operator about to cut an engine must see that the vehicle is driving.
 */
import { Ignition } from '../../../common/position-columns';
import type { FleetStore } from '../stores/fleet-store';
import { objectState, type ObjectState } from '../stores/object-state';
import { ageText, speedText } from '../ui/format';
import { i18n } from '../i18n';

export interface TargetState {
  id: number;
  name: string;
  /** null when it never reported. */
  state: ObjectState | null;
  /** "is moving at 45 km/h", "is parked", "is offline (last report 3 h ago)". */
  text: string;
}

export function targetState(store: FleetStore, id: number, now: number): TargetState {
  const name = store.objectsById.get(id)?.Name ?? i18n.t('commands:object', { id });
  const s = store.slot(id);
  const p = store.positions;
  if (s === undefined || s >= p.count || p.time[s] === 0) return { id, name, state: null, text: i18n.t('commands:target.state.never') };
  const state = objectState(p.status[s], p.time[s]!, p.online[s] === 1, p.speed[s]!, p.ignition[s] === Ignition.on);
  const age = ageText(p.time[s]!, now);
  const text =
    state === 'moving'
      ? i18n.t('commands:target.movingAt', { speed: speedText(p.speed[s]!) })
      : state === 'offline'
        ? i18n.t('commands:target.offline', { age })
        : i18n.t('commands:target.withAge', { words: i18n.t(`commands:target.state.${state}`), age });
  return { id, name, state, text };
}
