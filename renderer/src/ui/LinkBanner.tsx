import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onLink } from '../rpc/client';
import './notices.css';

/**
 * Above every screen: whether this tab has lost its console. Without it a tab whose host was
 * killed kept showing its last state as if live; the screens re-read theirs on reconnect.
 */
export function LinkBanner() {
  const { t } = useTranslation('ui');
  const [trouble, setTrouble] = useState<'refused' | 'down' | null>(null);
  useEffect(() => {
    // `closed` then `connecting` alternate while retrying: down until the socket opens again.
    let down = false;
    return onLink((s) => {
      if (s === 'closed') down = true;
      if (s === 'open') down = false;
      setTrouble(s === 'refused' ? 'refused' : down ? 'down' : null);
    });
  }, []);
  if (!trouble) return null;
  return (
    <div role="alert" className="notice link-banner">
      <p>{trouble === 'refused' ? t('rpc:linkInvalid') : t('rpc:notRunning')}</p>
    </div>
  );
}
