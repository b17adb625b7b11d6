import { useTranslation } from 'react-i18next';
import type { SensorReading } from '../../../common/methods/live';
import { ageText } from '../ui/format';
import { readingText } from './sensor-format';

/** Every sensor with its reading as the operator expects it (On/Off texts, units, calibrated values). */
export function SensorsSection({ sensors, now }: { sensors: SensorReading[]; now: number }) {
  const { t } = useTranslation('details');
  return (
    <section className="detail-section" aria-labelledby="sensors-title">
      <h3 id="sensors-title">{t('sensors.title')}</h3>
      {sensors.length === 0 ? (
        <p className="hint">{t('sensors.none')}</p>
      ) : (
        <table className="sensors" aria-labelledby="sensors-title">
          <tbody>
            {sensors.map(({ sensor, value, time }) => {
              const r = readingText(sensor, value);
              return (
                <tr key={sensor.Id}>
                  <th scope="row">{sensor.Name}</th>
                  <td className="reading" title={r.raw ? t('sensors.raw', { raw: r.raw }) : undefined}>
                    {r.text}
                  </td>
                  <td className="hint">{time ? ageText(time, now) : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
