import { openPanelWindow } from './open-panel';

/** Buttons that move a live panel to its own window (a second monitor in a control room). */
export function PanelLaunchers() {
  return (
    <span className="panel-launchers" role="group" aria-label="Open in a new window">
      <button type="button" title="Open the events panel in its own window" onClick={() => openPanelWindow('events')}>
        Events window
      </button>
      <button type="button" title="Open the object list in its own window" onClick={() => openPanelWindow('objects')}>
        Objects window
      </button>
    </span>
  );
}
