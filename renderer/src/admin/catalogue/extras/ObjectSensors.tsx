/** An object's sensors as the service lists them (shown, not edited: the interface documents no sensor writes). */
import { useTranslation } from 'react-i18next';
import type { CatalogueRecord } from '../../../../../common/methods/catalogue';

export function ObjectSensors({ record }: { record: CatalogueRecord }) {
  const { t } = useTranslation('admin');
  const sensors = Array.isArray(record.Sensors) ? (record.Sensors as Record<string, unknown>[]) : [];
  return (
    <section aria-label={t('catalogue.sensors.heading')} className="cat-stats">
      <h4>{t('catalogue.sensors.heading')}</h4>
      {sensors.length === 0 ? (
        <p className="hint">{t('catalogue.sensors.none')}</p>
      ) : (
        <ul className="cat-sensors">
          {sensors.map((s, i) => (
            <li key={String(s.Id ?? i)}>
              {s.Name !== undefined && s.Name !== null ? String(s.Name) : t('catalogue.sensors.numbered', { id: String(s.Id ?? i + 1) })}
              {s.Units ? <span className="hint"> ({String(s.Units)})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
