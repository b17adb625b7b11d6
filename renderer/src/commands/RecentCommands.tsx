import { useTranslation } from 'react-i18next';
import { SendOutcome } from './SendOutcome';
import { useSentCommands } from './sent-store';
import { momentText, objectZone } from '../ui/time';

/** Commands sent to this object in this session, with their outcome once its event arrives. */
export function RecentCommands({ objectId }: { objectId: number }) {
  const { t } = useTranslation('commands');
  const mine = useSentCommands().filter((c) => c.objectIds.includes(objectId)).slice(0, 3);
  if (mine.length === 0) return null;
  return (
    <section className="detail-section" aria-labelledby="recent-commands">
      <h3 id="recent-commands">{t('recent.title')}</h3>
      {mine.map((c) => (
        <div key={c.key} className="recent-command">
          <span className="hint">{t('recent.line', { time: momentText(c.sentAt, objectZone(objectId)), label: c.label })}</span>
          <SendOutcome cmd={{ ...c, objectIds: [objectId] }} />
        </div>
      ))}
    </section>
  );
}
