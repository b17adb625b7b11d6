import type { ConnectivityState } from '../../../common/methods/connectivity';
import { Dialog } from './Dialog';
import { oldText } from './link-words';
import { momentText } from './time';

/** The data sets the core reports, in the words the operator knows them by. */
const DATASETS: [string, string][] = [
  ['status', 'Positions'],
  ['events', 'Events'],
  ['objects', 'Object list'],
];

function stateSentence(s: ConnectivityState | null, now: number): string {
  const link = s?.link;
  if (!s || !link) return 'Waiting for the first answer from the service.';
  const since = `since ${momentText(link.since)}`;
  const minutes = Math.round(link.windowMs / 60_000);
  const rate = `${link.failed} of ${link.total} requests failed in the last ${minutes === 1 ? 'minute' : `${minutes} minutes`}`;
  if (link.state === 'offline') return `Offline ${since}: the service has not answered. The console keeps trying and says so here when it answers.`;
  if (link.state === 'degraded') return `Poor connection ${since}: ${rate}. The console keeps retrying; data on screen may be late.`;
  return link.total > 0 || link.since < now ? `Online: ${rate}.` : 'Online.';
}

/**
 * The connection in detail, one click from the header: the state and why, the server, how old
 * each kind of data is, and the recent failures with their request, status and time. The
 * header keeps plain words; the technical words live here for whoever needs them.
 */
export function ConnectionPanel({ state, server, now, onClose }: { state: ConnectivityState | null; server?: string | undefined; now: number; onClose: () => void }) {
  const failures = state?.link?.failures ?? [];
  return (
    <Dialog title="Connection" onClose={onClose} className="connection-panel">
      <p>{stateSentence(state, now)}</p>
      <dl className="facts">
        {server && (
          <>
            <dt>Server</dt>
            <dd className="server-address">{server}</dd>
          </>
        )}
        {DATASETS.map(([key, label]) => {
          const at = state?.lastGood[key];
          return (
            <div key={key} className="fact">
              <dt>{label}</dt>
              <dd>{at ? `${oldText(now - at)} (received ${momentText(at)})` : 'nothing received yet'}</dd>
            </div>
          );
        })}
      </dl>
      <table className="failures">
        <caption>Recent failures</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Request</th>
            <th scope="col">Status</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {failures.length === 0 ? (
            <tr>
              <td colSpan={4}>No failures in this session.</td>
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
          Close
        </button>
      </div>
    </Dialog>
  );
}
