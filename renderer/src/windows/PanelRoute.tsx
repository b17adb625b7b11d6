/// <reference types="vite/client" />
import { lazy, Suspense, type ComponentType } from 'react';
import { ObjectList } from '../list/ObjectList';
import { selection, useSelected } from '../stores/selection';

/**
 * The events panel is built by the live-panels work in renderer/src/events/; until its
 * EventsPanel exists the window says so instead of failing the build.
 */
const eventsModules = import.meta.glob<{ EventsPanel?: ComponentType }>('../events/EventsPanel.tsx');
const loadEvents = Object.values(eventsModules)[0];
const EventsPanel = loadEvents
  ? lazy(async () => {
      const m = await loadEvents();
      return { default: m.EventsPanel ?? (() => <p role="status">The events panel is not available in this build.</p>) };
    })
  : null;

function ObjectsPanel() {
  const selected = useSelected();
  return <ObjectList selected={selected} onSelect={selection.set} />;
}

/** `#/panel/events`, `#/panel/objects`: one panel filling its own window, without the app bar. */
export function PanelRoute({ route }: { route: string }) {
  const name = route.replace(/^\/panel\//, '').split(/[/?]/)[0];
  let body: React.ReactNode;
  let label: string;
  if (name === 'objects') {
    label = 'Objects';
    body = <ObjectsPanel />;
  } else if (name === 'events') {
    label = 'Events';
    body = EventsPanel ? (
      <Suspense fallback={<p role="status">Loading the events panel…</p>}>
        <EventsPanel />
      </Suspense>
    ) : (
      <p role="status" className="panel-placeholder">
        The events panel is not built yet: it will show here when renderer/src/events/EventsPanel.tsx exists.
      </p>
    );
  } else {
    label = 'Unknown panel';
    body = <p role="alert">There is no panel called “{name}”.</p>;
  }
  return (
    <main className="panel-window" aria-label={`${label} panel`}>
      {body}
    </main>
  );
}
