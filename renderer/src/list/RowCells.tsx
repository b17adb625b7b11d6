import { STATE_COLOR, objectState } from '../stores/object-state';
import { stateLabel } from '../ui/state-words';
import type { FleetPositionView } from './row-position';
import { ageText, speedText } from '../ui/format';
import { momentText, zoneFor } from '../ui/time';
import { useNow } from '../ui/use-now';
import type { ColumnKey } from './columns';
import type { FleetObject } from '../../../common/resources';
import { groupsText } from '../stores/group-names';
import { useGroupNames } from '../stores/use-group-names';
import { usePreferences } from '../stores/preferences';

/** One cell's content, from the object and its current position (read fresh for visible rows only). */
export function Cell({ k, o, pos }: { k: ColumnKey; o: FleetObject; pos: FleetPositionView | undefined }) {
  usePreferences(); // units, clock and zone: read as the text is made
  switch (k) {
    case 'name':
      return <span className="name">{o.Name}</span>;
    case 'plate':
      return <>{o.StateNumber ?? ''}</>;
    case 'imei':
      return <>{o.IMEI ?? ''}</>;
    case 'state': {
      const s = objectState(o.Status, pos?.time ?? 0, pos?.online ?? false, pos?.speed ?? 0, pos?.ignitionOn);
      // The title: a long state word is cut to the column's width.
      return (
        <span title={stateLabel(s)}>
          <span className="dot" style={{ background: STATE_COLOR[s] }} aria-hidden="true" />
          {stateLabel(s)}
        </span>
      );
    }
    case 'speed':
      return <>{pos ? speedText(pos.speed) : '—'}</>;
    case 'age':
      return <AgeCell time={pos?.time} zone={zoneFor(o)} />;
    case 'device':
      return <>{o.DeviceType ?? ''}</>;
    case 'phone':
      return <>{o.Phone ?? ''}</>;
    case 'groups':
      return <GroupsCell ids={o.GroupIds} />;
  }
}

/**
 * The only cell that changes with the clock: it follows the shared one alone (ui/use-now.ts),
 * so a tick renders the ages in view, not every row and cell, and they read the same "now" as
 * the details panel.
 */
function AgeCell({ time, zone }: { time: number | undefined; zone: string }) {
  const now = useNow(1000);
  return <span title={time ? momentText(time, zone, now) : undefined}>{ageText(time, now)}</span>;
}

function GroupsCell({ ids }: { ids: readonly number[] | undefined }) {
  return <>{groupsText(ids, useGroupNames())}</>;
}
