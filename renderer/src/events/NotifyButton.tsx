import { useTranslation } from 'react-i18next';
import { useState } from 'react';

/**
 * Browsers ask for notification permission only from a click: this is that click. A refusal
 * (now or earlier) is said where the button was, with where to change it; a dismissed
 * question leaves the button to ask again.
 */
export function NotifyButton() {
  const { t } = useTranslation('events');
  const supported = typeof Notification !== 'undefined';
  // Read once, not at every render: the browser answers it over a synchronous call to its own
  // process, which held a render of the alarm panel for tens of milliseconds while a big fleet moved.
  const [perm, setPerm] = useState(() => (supported ? Notification.permission : 'denied'));
  const [dismissed, setDismissed] = useState(false);
  if (supported && perm === 'granted') return null;
  if (!supported) return <span className="hint">{t('notify.unsupported')}</span>;
  if (perm === 'denied') {
    return (
      <span className="hint" role="status">
        {t('notify.blocked')}
      </span>
    );
  }
  const ask = () =>
    void Notification.requestPermission().then((p) => {
      setPerm(p);
      setDismissed(p === 'default');
    });
  return (
    <>
      <button type="button" onClick={ask}>
        {t('notify.enable')}
      </button>
      {dismissed && (
        <span className="hint" role="status">
          {t('notify.notAllowed')}
        </span>
      )}
    </>
  );
}
