import { useTranslation } from 'react-i18next';
import type { EventScope } from '../../../common/methods/events';

/**
 * Feed or everything, with the difference spelled out. The service's feed leaves out what it
 * leaves out (groups muted on the service); the console mutes no groups, so it claims none.
 */
export function ScopeSwitch({ scope, onScope, feed, all }: { scope: EventScope; onScope: (s: EventScope) => void; feed: number; all: number }) {
  const { t } = useTranslation('events');
  return (
    <fieldset className="scope-switch">
      <legend className="visually-hidden">{t('scope.legend')}</legend>
      <label>
        <input type="radio" name="event-scope" checked={scope === 'feed'} onChange={() => onScope('feed')} />
        {t('scope.feed', { n: feed })}
      </label>
      <label>
        <input type="radio" name="event-scope" checked={scope === 'all'} onChange={() => onScope('all')} />
        {t('scope.all', { n: all })}
      </label>
      <p className="hint" id="scope-hint">
        {scope === 'feed'
          ? t('scope.feedHint')
          : t('scope.allHint', { outside: Math.max(0, all - feed) })}
      </p>
    </fieldset>
  );
}
