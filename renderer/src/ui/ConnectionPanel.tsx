import type { ConnectivityState } from '../../../common/methods/connectivity';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import { Dialog } from './Dialog';
import { oldText } from './link-words';
import { momentText } from './time';

/** The data sets the core reports, in the words the operator knows them by (connection.datasets in ui.json). */
const DATASETS = ['status', 'events', 'objects'] as const;

function stateSentence(s: ConnectivityState | null, now: number): string {
  const link = s?.link;
  if (!s || !link) return i18n.t('ui:connection.waiting');
  const since = i18n.t('ui:connection.since', { time: momentText(link.since) });
  const rate = i18n.t('ui:connection.rate', { failed: link.failed, total: link.total, count: Math.round(link.windowMs / 60_000) });
  if (link.state === 'offline') return i18n.t('ui:connection.offline', { since });
  if (link.state === 'degraded') return i18n.t('ui:connection.degraded', { since, rate });
  return link.total > 0 || link.since < now ? i18n.t('ui:connection.onlineRate', { rate }) : i18n.t('ui:connection.online');
}

/**
 * The connection in detail, one click from the header: the state and why, the server, how old
 * each kind of data is, and the recent failures with their request, status and time. The
 * header keeps plain words; the technical words live here for whoever needs them.
 */
export function ConnectionPanel({ state, server, now, onClose }: { state: ConnectivityState | null; server?: string | undefined; now: number; onClose: () => void }) {
  const { t } = useTranslation('ui');
  const failures = state?.link?.failures ?? [];
  return (
    <Dialog title={t('connection.title')} onClose={onClose} className="connection-panel">
      <p>{stateSentence(state, now)}</p>
      <dl className="facts">
        {server && (
          <>
            <dt>{t('connection.server')}</dt>
            <dd className="server-address">{server}</dd>
          </>
        )}
        {DATASETS.map((key) => {
          const at = state?.lastGood[key];
          return (
            <div key={key} className="fact">
              <dt>{t(`connection.datasets.${key}`)}</dt>
              <dd>{at ? t('connection.received', { old: oldText(now - at), time: momentText(at) }) : t('connection.nothingYet')}</dd>
            </div>
          );
        })}
      </dl>
      <table className="failures">
        <caption>{t('connection.failures')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('connection.time')}</th>
            <th scope="col">{t('connection.request')}</th>
            <th scope="col">{t('connection.statusCol')}</th>
            <th scope="col">{t('connection.detail')}</th>
          </tr>
        </thead>
        <tbody>
          {failures.length === 0 ? (
            <tr>
              <td colSpan={4}>{t('connection.noFailures')}</td>
            </tr>
          ) : (
            failures.map((f, i) => (
              <tr key={`${f.at}-${i}`}>
                <td>{momentText(f.at)}</td>
                <td className="mono">{f.endpoint}</td>
                <td>{f.status}</td>
                <td className="detail">{f.message}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <div className="buttons">
        <button type="button" onClick={onClose}>
          {t('connection.close')}
        </button>
      </div>
    </Dialog>
  );
}
