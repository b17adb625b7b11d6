import { useTranslation } from 'react-i18next';
import { fleetStore } from '../stores/fleet-store';
import { ageText } from '../ui/format';
import { momentText, sharedZone } from '../ui/time';
import { useNow } from '../ui/use-now';
import type { SentCommand } from './sent-store';
import { outcomeLine } from './unknown-watch';

/**
 * Before sending again a command whose outcome is unknown for these objects: when it went,
 * what is known since, and "Don't send" as the answer that has the focus, since a device may
 * have acted on the first one (a second "block engine" or "reboot" is not harmless).
 */
export function ResendQuestion({ label, prior, onCancel, onSend }: { label: string; prior: { send: SentCommand; objectIds: number[] }; onCancel: () => void; onSend: () => void }) {
  const { t } = useTranslation('commands');
  const now = useNow(1000);
  const names = prior.objectIds.map((id) => fleetStore.objectsById.get(id)?.Name ?? t('object', { id }));
  return (
    <div className="confirm" role="group" aria-labelledby="resend-title">
      <h3 id="resend-title">{t('resend.title', { label })}</h3>
      <p>{t('resend.sentAt', { time: momentText(prior.send.sentAt, sharedZone(prior.objectIds)), age: ageText(prior.send.sentAt, now) })}</p>
      <ul className="names" aria-label={t('resend.known')}>
        {prior.objectIds.map((id, i) => (
          <li key={id}>
            {names[i]}: {outcomeLine(prior.send, id, now).text}
          </li>
        ))}
      </ul>
      <div className="buttons">
        <button type="button" autoFocus onClick={onCancel}>
          {t('resend.dontSend')}
        </button>
        <button type="button" className="danger" onClick={onSend}>
          {t('resend.sendAgain')}
        </button>
      </div>
    </div>
  );
}
