import { useEvents } from '../events/events-store';
import { fleetStore } from '../stores/fleet-store';
import { outcomesFor } from './outcomes';
import type { SentCommand } from './sent-store';

/** Per object: waiting, delivered or failed, as the objects' events say. */
export function SendOutcome({ cmd }: { cmd: SentCommand }) {
  const view = useEvents();
  const outcomes = outcomesFor(view.all, cmd.objectIds, cmd.sentAt);
  return (
    <ul className="outcomes" aria-label={`Outcome of ${cmd.label}`}>
      {cmd.objectIds.map((id) => {
        const o = outcomes.get(id);
        const name = fleetStore.objectsById.get(id)?.Name ?? `Object ${id}`;
        return (
          <li key={id} className={o ? (o.ok ? 'ok' : 'failed') : 'waiting'}>
            <strong>{name}</strong>: {o ? o.text : cmd.status === 'unknown' ? 'outcome unknown, watch its events' : 'waiting for the device…'}
          </li>
        );
      })}
    </ul>
  );
}
