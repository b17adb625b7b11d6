import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RpcError } from '../../rpc/client';
import { fmtTime } from '../time-format';
import { cutShortNote, recordsShape, type RecordsShape } from './record-shapes';
import { fetchRecords } from './records';
import { RecordsTable } from './RecordsTable';

export type RemoteTab = 'sessions' | 'parkings' | 'packets';

const METHOD = { sessions: 'history/driverSessions', parkings: 'history/parkingMoto', packets: 'history/packets' } as const;

/** A catalogue tab's records, asked for while the tab is shown, with a note when they are the cache's copy or stop short. */
export function RemoteRecords({ tab, req, tz }: { tab: RemoteTab; req: { objectId: number; from: number; till: number }; tz: string }) {
  const { t } = useTranslation('history');
  const [state, setState] = useState<{ shape: RecordsShape; note: string } | { error: string } | null>(null);
  const { objectId, from, till } = req;
  useEffect(() => {
    let alive = true;
    setState(null);
    fetchRecords(METHOD[tab], objectId, from, till)
      .then((r) => {
        if (!alive) return;
        const offline = r.fromCache ? (r.fetchedAt ? t('records.offlineAt', { time: fmtTime(r.fetchedAt, tz) }) : t('records.offline')) : '';
        const cut = r.shownTill !== null ? cutShortNote(r.shownTill, tz, r.items.length, r.shownWindows) : '';
        setState({ shape: recordsShape(tab, r.items), note: [offline, cut].filter(Boolean).join(' ') });
      })
      .catch((e: unknown) => alive && setState({ error: e instanceof RpcError ? e.text : String(e) }));
    return () => {
      alive = false;
    };
  }, [tab, objectId, from, till, tz, t]);
  if (!state) return <p role="status">{t('common.loading')}</p>;
  if ('error' in state) return <p role="alert" className="error">{state.error}</p>;
  return (
    <>
      {state.note && (
        <p role="note" className="muted">
          {state.note}
        </p>
      )}
      <RecordsTable label={t(`records.label.${tab}`)} shape={state.shape} tz={tz} empty={t(`records.empty.${tab}`)} />
    </>
  );
}
