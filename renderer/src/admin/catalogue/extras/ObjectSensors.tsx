/** An object's sensors as the service lists them (shown, not edited: the interface documents no sensor writes). */
import type { CatalogueRecord } from '../../../../../common/methods/catalogue';

export function ObjectSensors({ record }: { record: CatalogueRecord }) {
  const sensors = Array.isArray(record.Sensors) ? (record.Sensors as Record<string, unknown>[]) : [];
  return (
    <section aria-label="Sensors" className="cat-stats">
      <h4>Sensors</h4>
      {sensors.length === 0 ? (
        <p className="hint">No sensors.</p>
      ) : (
        <ul className="cat-sensors">
          {sensors.map((s, i) => (
            <li key={String(s.Id ?? i)}>
              {String(s.Name ?? `Sensor ${String(s.Id ?? i + 1)}`)}
              {s.Units ? <span className="hint"> ({String(s.Units)})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
