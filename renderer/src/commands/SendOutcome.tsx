import { fleetStore } from '../stores/fleet-store';
import { useNow } from '../ui/use-now';
import type { SentCommand } from './sent-store';
import { outcomeLine } from './unknown-watch';

/**
 * Per object: waiting, delivered or failed, as the objects' events said (kept once found); an
 * unknown outcome is watched for a while, then said as what is known ("no sign it was delivered").
 */
export function SendOutcome({ cmd }: { cmd: SentCommand }) {
  const now = useNow(1000);
  return (
    <ul className="outcomes" aria-label={`Outcome of ${cmd.label}`}>
      {cmd.objectIds.map((id) => {
        const line = outcomeLine(cmd, id, now);
        const name = fleetStore.objectsById.get(id)?.Name ?? `Object ${id}`;
        return (
          <li key={id} className={line.kind === 'ok' ? 'ok' : line.kind === 'failed' || line.kind === 'no-sign' ? 'failed' : 'waiting'}>
            <strong>{name}</strong>: {line.text}
          </li>
        );
      })}
    </ul>
  );
}
