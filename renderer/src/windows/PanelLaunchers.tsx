import { openPanelWindow } from './open-panel';

/** Buttons that move a live panel to its own window (a second monitor in a control room). */
export function PanelLaunchers() {
  return (
    <span className="panel-launchers" role="group" aria-label="Open in a new window">
      {/* On narrow screens only the first word shows; the name stays whole for readers and tests. */}
      <button type="button" aria-label="Events window" title="Open the events panel in its own window" onClick={() => openPanelWindow('events')}>
        Events<span className="wide-only"> window</span>
      </button>
      <button type="button" aria-label="Objects window" title="Open the object list in its own window" onClick={() => openPanelWindow('objects')}>
        Objects<span className="wide-only"> window</span>
      </button>
    </span>
  );
}
