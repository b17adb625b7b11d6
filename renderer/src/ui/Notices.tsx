import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import type { Notice } from '../../../common/methods/notices';
import { onPush, rpc } from '../rpc/client';
import './notices.css';

/**
 * What the main side found wrong with its own files and did about it (a copy set aside,
 * a fresh start), or secrets kept without a keyring: shown on every screen until dismissed.
 */
export function Notices() {
  const { t } = useTranslation('ui');
  const [list, setList] = useState<Notice[]>([]);
  useEffect(() => {
    const off = onPush('notices/changed', setList);
    rpc('notices/list', {})
      .then(setList)
      .catch(() => {}); // an older host without notices: nothing to show
    return off;
  }, []);
  if (list.length === 0) return null;
  return (
    <section className="notices" aria-label={t('notices.label')}>
      {list.map((n) => (
        <div key={n.id} role="alert" className="notice">
          <div>
            <p>{n.message}</p>
            {n.keptCopy && (
              <p className="kept">
                {t('notices.keptCopy')} <code>{n.keptCopy}</code>
              </p>
            )}
          </div>
          <button type="button" onClick={() => void rpc('notices/dismiss', { id: n.id }).then(setList)}>
            {t('notices.dismiss')}
          </button>
        </div>
      ))}
    </section>
  );
}
