import { useTranslation } from 'react-i18next';
import { fleetStore } from '../stores/fleet-store';
import { useNow } from '../ui/use-now';
import type { SentCommand } from './sent-store';
import { outcomeLine } from './unknown-watch';

/**
 * Per object: waiting, delivered or failed, as the objects' events said (kept once found); an
 * unknown outcome is watched for a while, then said as what is known ("no sign it was delivered").
 */
export function SendOutcome({ cmd }: { cmd: SentCommand }) {
  const { t } = useTranslation('commands');
  const now = useNow(1000);
  return (
    <ul className="outcomes" aria-label={t('outcome.label', { label: cmd.label })}>
      {cmd.objectIds.map((id) => {
        const line = outcomeLine(cmd, id, now);
        const name = fleetStore.objectsById.get(id)?.Name ?? t('object', { id });
        return (
          <li key={id} className={line.kind === 'ok' ? 'ok' : line.kind === 'failed' || line.kind === 'no-sign' ? 'failed' : 'waiting'}>
            <strong>{name}</strong>: {line.text}
          </li>
        );
      })}
    </ul>
  );
}
