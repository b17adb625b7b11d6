import { fleetStore } from '../stores/fleet-store';
import type { SentCommand } from './sent-store';

/** Per object: waiting, delivered or failed, as the objects' events said (kept once found). */
export function SendOutcome({ cmd }: { cmd: SentCommand }) {
  return (
    <ul className="outcomes" aria-label={`Outcome of ${cmd.label}`}>
      {cmd.objectIds.map((id) => {
        const o = cmd.outcomes.get(id);
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
