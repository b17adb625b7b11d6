import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { ConnectivityState } from '../../../common/methods/connectivity';
import { ConnectionPanel } from './ConnectionPanel';
import { linkWords } from './link-words';
import { useNow } from './use-now';
import './connection.css';

/**
 * Always visible: the connection in plain words and how old the positions are. A button, since
 * the detail (which request failed, how, when) is one click away in the connection panel.
 */
export function ConnectivityBadge({ state, dataTime, server }: { state: ConnectivityState | null; dataTime: number | null; server?: string | undefined }) {
  const { t } = useTranslation('ui');
  const now = useNow(1000);
  const [open, setOpen] = useState(false);
  const w = linkWords(state, dataTime, now);
  return (
    <>
      <div className={`connectivity ${w.tone}`} role="status" aria-label={t('badge.label')}>
        <button type="button" className="link-state" aria-haspopup="dialog" aria-label={t('badge.button', { text: w.text })} title={t('badge.title')} onClick={() => setOpen(true)}>
          <span className="dot" aria-hidden="true" />
          <span className="words">{w.headline}</span>
          {w.age && <span className="age">{w.age}</span>}
        </button>
      </div>
      {/* Outside the top bar, whose nowrap and light-on-dark button styles are not the panel's. */}
      {open && createPortal(<ConnectionPanel state={state} server={server} now={now} onClose={() => setOpen(false)} />, document.body)}
    </>
  );
}
