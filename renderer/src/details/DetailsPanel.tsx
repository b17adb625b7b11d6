import { useTranslation } from 'react-i18next';
import { ignitionSensorOf } from '../../../common/sensors';
import { CommandButton } from '../commands/CommandButton';
import { RecentCommands } from '../commands/RecentCommands';
import { useFleetObjects, useNamesOnly } from '../stores/use-fleet-objects';
import { STATE_COLOR, objectState } from '../stores/object-state';
import { stateLabel } from '../ui/state-words';
import { useNow } from '../ui/use-now';
import { ObjectFields } from './ObjectFields';
import { PositionSection } from './PositionSection';
import { SensorsSection } from './SensorsSection';
import { StatsSection } from './StatsSection';
import { useDetails } from './use-details';
import { momentText, zoneFor } from '../ui/time';
import { keyText } from '../ui/format';
import { navigate } from '../ui/route';
import { filesRoute } from '../files/route-state';

/** Everything about the selected object: where, how fast, its sensors, driver and today's figures. */
export function DetailsPanel({ selected }: { selected: number | null }) {
  const { t } = useTranslation('details');
  // A first sign-in's names have no details yet: they are read once the full list is in.
  const namesOnly = useNamesOnly();
  const { details, error } = useDetails(namesOnly ? null : selected);
  const now = useNow(1000);
  const objectsById = useFleetObjects();
  const name = selected === null ? null : (details?.object.Name ?? objectsById.get(selected)?.Name ?? t('object', { id: selected }));
  return (
    <section className="details-panel" aria-label={t('panel.label')}>
      {selected === null ? (
        <p className="empty">{t('panel.empty')}</p>
      ) : (
        <>
          <header className="panel-head">
            <h2>{name}</h2>
            {details && <StateBadge details={details} />}
            <span className="spacer" />
            <CommandButton selected={selected} label={t('panel.command')} />
            <button type="button" onClick={() => navigate(filesRoute({ objectId: selected }))}>
              {t('panel.files')}
            </button>
          </header>
          {details?.object.StateNumber && <p className="subtitle">{details.object.StateNumber}</p>}
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          {!details && !error && <p className="hint">{namesOnly ? t('panel.namesOnly') : t('panel.loading')}</p>}
          {details && (
            <div className="details-body">
              <PositionSection objectId={details.object.Id} position={details.position} now={now} />
              <SensorsSection sensors={details.sensors} now={now} />
              <section className="detail-section" aria-labelledby="driver-title">
                <h3 id="driver-title">{t('panel.driver')}</h3>
                <p>
                  {details.driverKey
                    ? t('panel.driverKey', { key: keyText(details.driverKey.UId, details.driverName), time: momentText(details.driverKey.Time, zoneFor(details.object), now) })
                    : t('panel.noKey')}
                </p>
              </section>
              <StatsSection stats={details.stats} />
              <RecentCommands objectId={details.object.Id} />
              <ObjectFields object={details.object} />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function StateBadge({ details }: { details: NonNullable<ReturnType<typeof useDetails>['details']> }) {
  const p = details.position;
  const ignition = ignitionSensorOf(details.sensors.map((r) => r.sensor));
  const reading = ignition && details.sensors.find((r) => r.sensor === ignition);
  const s = objectState(details.object.Status, p?.Time ?? 0, p?.Online ?? false, p?.Speed ?? 0, !!reading?.value);
  return (
    <span className="state-badge">
      <span className="dot" style={{ background: STATE_COLOR[s] }} aria-hidden="true" />
      {stateLabel(s)}
    </span>
  );
}
