import { useTranslation } from 'react-i18next';
import { useId, useRef, useState } from 'react';
import type { SessionState } from '../../../common/methods/session';
import { Dialog } from '../ui/Dialog';
import { rpc } from '../rpc/client';

/**
 * Signing out stops polling, so events and alarms stop too: a console left unwatched by a
 * stray click is worse than one more question. Cancel has the focus, so Enter keeps watching.
 */
export function SignOutButton({ onSession }: { onSession: (s: SessionState) => void }) {
  const { t } = useTranslation('screens');
  const [asking, setAsking] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const body = useId();
  return (
    <>
      <button type="button" className="signout" onClick={() => setAsking(true)}>
        {t('signOut.button')}
      </button>
      {asking && (
        <Dialog title={t('signOut.title')} onClose={() => setAsking(false)} role="alertdialog" describedBy={body} initialFocus={cancel}>
          <p id={body}>{t('signOut.body')}</p>
          <div className="buttons">
            <button ref={cancel} type="button" onClick={() => setAsking(false)}>
              {t('signOut.cancel')}
            </button>
            <button type="button" onClick={() => void rpc('session/signOut', {}).then(onSession)}>
              {t('signOut.confirm')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
