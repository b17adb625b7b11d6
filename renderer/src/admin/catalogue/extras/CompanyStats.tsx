/** Companies/statistics for the company shown: objects, online, offline, never reported, users. */
import { useEffect, useState } from 'react';
import { rpc, RpcError } from '../../../rpc/client';

const ROWS: [string, string][] = [
  ['Objects', 'Objects'],
  ['Online', 'Online'],
  ['Offline', 'Offline'],
  ['NeverReported', 'Never reported'],
  ['Users', 'Users'],
];

export function CompanyStats({ companyId }: { companyId: number }) {
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
    <section aria-label="Company statistics" className="cat-stats">
      <h4>Statistics</h4>
      {error && <p className="hint">{error}</p>}
      {stats === undefined && !error && <p className="hint">Loading…</p>}
      {stats === null && <p className="hint">The service has no statistics for this company.</p>}
      {stats && (
        <dl>
          {ROWS.map(([k, label]) => (
            <div key={k}>
              <dt>{label}</dt>
              <dd>{String(stats[k] ?? '—')}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
