/** Companies/statistics for the company shown: objects, online, offline, never reported, users. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rpc, RpcError } from '../../../rpc/client';

/** The service's statistics fields, each with its key under admin:catalogue.stats. */
const ROWS: [string, string][] = [
  ['Objects', 'objects'],
  ['Online', 'online'],
  ['Offline', 'offline'],
  ['NeverReported', 'neverReported'],
  ['Users', 'users'],
];

export function CompanyStats({ companyId }: { companyId: number }) {
  const { t } = useTranslation('admin');
  const [stats, setStats] = useState<Record<string, unknown> | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    rpc('catalogue/companyStats', { companyId }).then(
      (s) => live && setStats(s.stats),
      (e: unknown) => live && setError(e instanceof RpcError ? e.text : String(e)),
    );
    return () => {
      live = false;
    };
  }, [companyId]);
  return (
    <section aria-label={t('catalogue.stats.label')} className="cat-stats">
      <h4>{t('catalogue.stats.heading')}</h4>
      {error && <p className="hint">{error}</p>}
      {stats === undefined && !error && <p className="hint">{t('common.loading')}</p>}
      {stats === null && <p className="hint">{t('catalogue.stats.none')}</p>}
      {stats && (
        <dl>
          {ROWS.map(([k, key]) => (
            <div key={k}>
              <dt>{t(`catalogue.stats.${key}`)}</dt>
              <dd>{String(stats[k] ?? '—')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
