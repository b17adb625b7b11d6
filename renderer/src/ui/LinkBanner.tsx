import { useEffect, useState } from 'react';
import { onLink } from '../rpc/client';
import { LINK_INVALID } from '../rpc/transport';
import './notices.css';

export const NOT_RUNNING = 'The console is not running (or was restarted): reconnecting…';

/**
 * Above every screen: whether this tab has lost its console. Without it a tab whose host was
 * killed kept showing its last state as if live; the screens re-read theirs on reconnect.
 */
export function LinkBanner() {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    // `closed` then `connecting` alternate while retrying: down until the socket opens again.
    let down = false;
    return onLink((s) => {
      if (s === 'closed') down = true;
      if (s === 'open') down = false;
      setText(s === 'refused' ? LINK_INVALID : down ? NOT_RUNNING : null);
    });
  }, []);
  if (!text) return null;
  return (
    <div role="alert" className="notice link-banner">
      <p>{text}</p>
    </div>
  );
}
