import { useState } from 'react';
import type { FleetEvent } from '../../../common/resources';
import type { DerivedHistory } from './model/use-derived';
import type { HistoryActions, HistoryRequest, HistoryState } from './model/use-history';
import type { Stop, Trip } from './model/trips';
import { EventsList, SummaryPanel, TripsList, ViolationsList } from './Panels';
import { RemoteRecords } from './records/RemoteRecords';

type Tab = 'summary' | 'trips' | 'events' | 'violations' | 'sessions' | 'parkings' | 'packets';
const TABS: { id: Tab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'trips', label: 'Trips and stops' },
  { id: 'events', label: 'Events' },
  { id: 'violations', label: 'Violations' },
  { id: 'sessions', label: 'Driver sessions' },
  { id: 'parkings', label: 'Parkings and engine' },
  { id: 'packets', label: 'Raw packets' },
];

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
  const [tab, setTab] = useState<Tab>('summary');
  const { data, d, daily } = derived;
  return (
    <>
      <div role="tablist" aria-label="Interval details" className="history-tabs">
        {TABS.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} onClick={() => setTab(t.id)}>
            {t.label}
            {t.id === 'trips' && d ? ` (${d.stops.length})` : t.id === 'events' && data ? ` (${data.events.length})` : t.id === 'violations' && d ? ` (${d.violations.length})` : ''}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="history-tabpanel" aria-label={TABS.find((t) => t.id === tab)!.label}>
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
