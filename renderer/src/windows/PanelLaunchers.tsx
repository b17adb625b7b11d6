import { useTranslation } from 'react-i18next';
import { openPanelWindow } from './open-panel';

/** Buttons that move a live panel to its own window (a second monitor in a control room). */
export function PanelLaunchers() {
  const { t } = useTranslation('windows');
  return (
    <span className="panel-launchers" role="group" aria-label={t('launchers.label')}>
      {/* On narrow screens only the first word shows; the name stays whole for readers and tests. */}
      <button type="button" aria-label={t('launchers.events')} title={t('launchers.eventsTitle')} onClick={() => openPanelWindow('events')}>
        {t('launchers.eventsShort')}
        <span className="wide-only">{t('launchers.wide')}</span>
      </button>
      <button type="button" aria-label={t('launchers.objects')} title={t('launchers.objectsTitle')} onClick={() => openPanelWindow('objects')}>
        {t('launchers.objectsShort')}
        <span className="wide-only">{t('launchers.wide')}</span>
      </button>
    </span>
  );
}
