import type { ConnectivityState } from '../../../common/methods/connectivity';
import { ageText } from './format';
import { useNow } from './use-now';

const LABEL = { online: 'Online', degraded: 'Connection unstable', offline: 'Offline' } as const;

/** Always visible: whether the service answers, and how old the data on screen is. */
export function ConnectivityBadge({ state, dataTime }: { state: ConnectivityState | null; dataTime: number | null }) {
  const now = useNow(1000);
  const s = state?.state ?? 'offline';
  return (
    <div className={`connectivity ${s}`} role="status" aria-label="Connection and data age">
      <span className="dot" aria-hidden="true" />
      <span>{state ? LABEL[s] : 'Connecting…'}</span>
      <span className="age">Data {ageText(dataTime, now)}</span>
      {state?.lastError && s !== 'online' && <span className="why" title={state.lastError}>{state.lastError}</span>}
    </div>
  );
}
