import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetEvent } from '../../../common/resources';
import type { DerivedHistory } from './model/use-derived';
import type { HistoryActions, HistoryRequest, HistoryState } from './model/use-history';
import type { Stop, Trip } from './model/trips';
import { EventsList, SummaryPanel, TripsList, ViolationsList } from './Panels';
import { RemoteRecords } from './records/RemoteRecords';

type Tab = 'summary' | 'trips' | 'events' | 'violations' | 'sessions' | 'parkings' | 'packets';
/** Each tab's name is `history:tabs.<id>`. */
const TABS: Tab[] = ['summary', 'trips', 'events', 'violations', 'sessions', 'parkings', 'packets'];

interface Props {
  derived: DerivedHistory;
  hist: HistoryState & HistoryActions;
  req: HistoryRequest | null;
  tz: string;
  onPickTrip: (x: Trip | Stop) => void;
  onPickTime: (t: number) => void;
}

/** The interval's details under the readout: figures, lists and the service's catalogue records, one tab at a time. */
export function DetailsTabs({ derived, hist, req, tz, onPickTrip, onPickTime }: Props) {
  const { t } = useTranslation('history');
  const [tab, setTab] = useState<Tab>('summary');
  const { data, d, daily } = derived;
  return (
    <>
      <div role="tablist" aria-label={t('tabs.label')} className="history-tabs">
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
            {t(`tabs.${id}`)}
            {id === 'trips' && d ? ` (${d.stops.length})` : id === 'events' && data ? ` (${data.events.length})` : id === 'violations' && d ? ` (${d.violations.length})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="history-tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'summary' && (
          <SummaryPanel
            track={d && d.model.n > 0 ? d.figures : null}
            daily={daily}
            tz={tz}
            dailyState={{
              loading: hist.dailyLoading,
              error: hist.dailyError,
              fromCache: hist.dailyStats?.fromCache ?? false,
              fetchedAt: hist.dailyStats?.fetchedAt ?? null,
              onRetry: hist.retryDaily,
            }}
          />
        )}
        {tab === 'trips' && <TripsList items={d?.list ?? []} tz={tz} onPick={onPickTrip} />}
        {tab === 'events' && <EventsList events={data?.events ?? []} tz={tz} onPick={(e: FleetEvent) => onPickTime(e.Time)} />}
        {tab === 'violations' && <ViolationsList list={d?.violations ?? []} faulty={d?.faulty ?? []} tz={tz} onPick={(v) => onPickTime(v.time)} />}
        {(tab === 'sessions' || tab === 'parkings' || tab === 'packets') && req && <RemoteRecords tab={tab} req={req} tz={tz} />}
      </div>
    </>
  );
}
