import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { EventsPanel } from '../events/EventsPanel';
import { ObjectList } from '../list/ObjectList';
import { LiveConnectivityBadge } from '../screens/LiveConnectivityBadge';
import { selection, useSelected } from '../stores/selection';

function ObjectsPanel() {
  const selected = useSelected();
  return <ObjectList selected={selected} onSelect={selection.set} />;
}

/** Each panel's name is panel.<key> in windows.json. */
const PANELS: Record<string, { render: () => React.ReactNode }> = {
  objects: { render: () => <ObjectsPanel /> },
  events: { render: () => <EventsPanel /> },
};

/**
 * `#/panel/events`, `#/panel/objects`: one panel filling its own window, without the app
 * bar but with its own line: which panel (also in the window's title, so two windows on a
 * second monitor or in the taskbar are told apart), the connection and the data's age,
 * which the operator must see on every screen.
 */
export function PanelRoute({ route, connectivity }: { route: string; connectivity: ConnectivityState | null }) {
  const name = route.replace(/^\/panel\//, '').split(/[/?]/)[0] ?? '';
  const { t } = useTranslation('windows');
  const panel = PANELS[name];
  const label = panel ? t(`panel.${name}`) : t('panel.unknown');
  const title = t('panel.title', { label, app: t('app:title') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main className="panel-window" aria-label={t('panel.label', { label })}>
      <header className="topbar panel-bar">
        <h1>{label}</h1>
        <LiveConnectivityBadge state={connectivity} />
      </header>
      {panel ? panel.render() : <p role="alert">{t('panel.none', { name })}</p>}
    </main>
  );
}
