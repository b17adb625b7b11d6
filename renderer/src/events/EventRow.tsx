import { useTranslation } from 'react-i18next';
import { memo } from 'react';
import type { FleetEvent } from '../../../common/resources';
import { eventKind, isAlarm } from './event-types';
import { zoneFor } from '../ui/time';
import { MomentTime } from '../ui/MomentTime';
import { usePreferences } from '../stores/preferences';

interface Props {
  e: FleetEvent;
  objectName: string;
  /** The object's own zone from the list (a prop, so a list that brings it re-renders the row). */
  objectTimeZone: string | undefined;
  checked: boolean;
  focused: boolean;
  /** For the clicked event: what the map shows of its place. */
  placeLine: string | undefined;
  refusal: string | undefined;
  onCheck: (id: number, on: boolean) => void;
  onFocus: (e: FleetEvent, title: string) => void;
  onAck: (id: number) => void;
}

export const EventRow = memo(function EventRow({ e, objectName, objectTimeZone, checked, focused, placeLine, refusal, onCheck, onFocus, onAck }: Props) {
  const { t } = useTranslation('events');
  usePreferences(); // clock and zone: read as the time is written
  const kind = eventKind(e.Type);
  const what = `${kind.label}, ${objectName}`;
  const zone = zoneFor({ TimeZone: objectTimeZone });
  return (
    <div role="listitem" className={`event-row${isAlarm(e.Type) ? ' alarm' : ''}${focused ? ' focused' : ''}`}>
      <input type="checkbox" aria-label={t('row.select', { what })} checked={checked} onChange={(ev) => onCheck(e.Id, ev.target.checked)} />
      <button type="button" className="event-main" aria-label={t('row.show', { what })} aria-pressed={focused} onClick={() => onFocus(e, what)}>
        <span className="event-head">
          <span className="kind">{kind.label}</span>
          <span className="obj">{objectName}</span>
          <MomentTime ms={e.Time} zone={zone} />
        </span>
        {e.Text && <span className="event-text">{e.Text}</span>}
        {refusal && <span className="refusal">{t('row.refused', { reason: refusal })}</span>}
      </button>
      <button type="button" className="ack" aria-label={t('row.ack', { what })} title={t('row.ackTitle')} onClick={() => onAck(e.Id)}>
        ✓
      </button>
      {placeLine && (
        <p className="event-place" role="status">
          {placeLine}
        </p>
      )}
    </div>
  );
});
