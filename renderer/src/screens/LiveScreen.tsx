import { useTranslation } from 'react-i18next';
import { useCallback, useState } from 'react';
import { DetailsPanel } from '../details/DetailsPanel';
import { EventsPanel } from '../events/EventsPanel';
import { useEventAlerts } from '../events/use-event-alerts';
import { ObjectList } from '../list/ObjectList';
import { Splitter } from '../list/Splitter';
import { MapView } from '../map/MapView';
import { ShortcutsHelp } from '../shortcuts/ShortcutsHelp';
import { useShortcuts } from '../shortcuts/use-shortcuts';
import { selection, useSelected } from '../stores/selection';

/** The control-room screen: object list, live map, and the selected object's details above the events. */
export function LiveScreen() {
  const { t } = useTranslation('screens');
  const selected = useSelected();
  const [help, setHelp] = useState(false);
  const openHelp = useCallback(() => setHelp(true), []);
  useShortcuts(openHelp);
  useEventAlerts();
  return (
    <main className="live" aria-label={t('live.label')}>
      <ObjectList selected={selected} onSelect={selection.set} onHelp={openHelp} />
      <Splitter />
      <div className="live-map">
        <MapView selected={selected} onSelect={selection.set} />
      </div>
      <div className="live-side">
        <DetailsPanel selected={selected} />
        <EventsPanel />
      </div>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </main>
  );
}
