import { useState } from 'react';

/** Browsers ask for notification permission only from a click: this is that click. */
export function NotifyButton() {
  const supported = typeof Notification !== 'undefined';
  const [perm, setPerm] = useState(supported ? Notification.permission : 'denied');
  if (!supported || perm === 'granted') return null;
  if (perm === 'denied') return <span className="hint">Desktop notifications are blocked</span>;
  return (
    <button type="button" onClick={() => void Notification.requestPermission().then(setPerm)}>
      Enable notifications
    </button>
  );
}
