import { useState } from 'react';

/**
 * Browsers ask for notification permission only from a click: this is that click. A refusal
 * (now or earlier) is said where the button was, with where to change it; a dismissed
 * question leaves the button to ask again.
 */
export function NotifyButton() {
  const supported = typeof Notification !== 'undefined';
  const [perm, setPerm] = useState(supported ? Notification.permission : 'denied');
  const [dismissed, setDismissed] = useState(false);
  if (supported && perm === 'granted') return null;
  if (!supported) return <span className="hint">This browser cannot show desktop notifications</span>;
  if (perm === 'denied') {
    return (
      <span className="hint" role="status">
        Notifications are blocked in this browser&apos;s settings
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
        Enable notifications
      </button>
      {dismissed && (
        <span className="hint" role="status">
          Notifications were not allowed
        </span>
      )}
    </>
  );
}
