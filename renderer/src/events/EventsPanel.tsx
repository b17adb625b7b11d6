import { useTranslation } from 'react-i18next';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { EventScope } from '../../../common/methods/events';
import type { FleetEvent } from '../../../common/resources';
import { selection } from '../stores/selection';
import { useFleetObjects } from '../stores/use-fleet-objects';
import { useConnectivity } from '../stores/connectivity';
import { useNow } from '../ui/use-now';
import { ackAllNeedsConfirmation } from './ack-all';
import { AckErrors } from './AckErrors';
import { AlertMenu } from './AlertMenu';
import { ConfirmAckAll } from './ConfirmAckAll';
import { EventRow } from './EventRow';
import { eventsOf, eventsStore, useEvents } from './events-store';
import { feedCheck } from './feed-check';
import { SoundNote } from './SoundNote';
import { eventFocus, useEventFocus } from './focus';
import { placeText } from './place-text';
import { ROW_HEIGHT_GUESS, rowChunks } from './row-chunks';
import { NotifyButton } from './NotifyButton';
import { ScopeSwitch } from './ScopeSwitch';

/** Rendering thousands of rows helps nobody: the newest this many show; acknowledging all covers every one. */
const MAX_ROWS = 300;
const SCOPE_KEY = 'fleet.events.scope';
const NO_ROWS: FleetEvent[] = [];

function loadScope(): EventScope {
  return localStorage.getItem(SCOPE_KEY) === 'all' ? 'all' : 'feed';
}

/** Unacknowledged events: the feed (or everything), acknowledged one by one, by selection or all at once. */
export function EventsPanel() {
  const { t } = useTranslation('events');
  const view = useEvents();
  const objectsById = useFleetObjects();
  const now = useNow(5000);
  const check = feedCheck(useConnectivity(), view.fetchedAt, now);
  const [scope, setScope] = useState<EventScope>(loadScope);
  const focus = useEventFocus();
  /** The ids "Acknowledge all" counted when asked: events that arrive while the question is open are not in them. */
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const events = eventsOf(view, scope);
  const shown = useMemo(() => events.slice(0, MAX_ROWS), [events]);
  // The rows are drawn at a lower priority than the map and the object list, in slices a newer
  // update can interrupt: at launch or after an outage, 300 rows of times and translations
  // would otherwise hold the page for a tenth of a second before the fleet is drawn.
  const rows = useDeferredValue(shown, NO_ROWS);
  // Likewise the objects' names: a new fleet list would otherwise re-render every row at once.
  const namesById = useDeferredValue(objectsById);
  const refusals = new Map(view.ackErrors.map((e) => [e.eventId, e.error]));

  const changeScope = (s: EventScope) => {
    setScope(s);
    localStorage.setItem(SCOPE_KEY, s);
  };
  const onFocus = useCallback((e: FleetEvent, title: string) => {
    selection.set(e.ObjectId);
    void eventFocus.show(e, title);
  }, []);
  const onCheck = useCallback((id: number, on: boolean) => eventsStore.check(id, on), []);
  const onAck = useCallback((id: number) => void eventsStore.ack([id]), []);
  const checked = [...view.checked];
  const ackAll = () => {
    const ids = events.map((e) => e.Id);
    if (ackAllNeedsConfirmation(ids.length, shown.length)) setConfirming(ids);
    else void eventsStore.ack(ids);
  };
  const endConfirm = (ack: boolean) => {
    if (ack && confirming) void eventsStore.ack(confirming);
    setConfirming(null);
  };

  return (
    <section className="events-panel" aria-labelledby="events-title">
      <header className="panel-head">
        <h2 id="events-title">{t('panel.title')}</h2>
        <span className="hint">{view.loaded ? (check.checked ?? t('panel.notChecked')) : t('panel.loading')}</span>
      </header>
      {check.failing && (
        <p role="alert" className="warning feed-failing">
          {check.failing}
        </p>
      )}
      <SoundNote />
      <ScopeSwitch scope={scope} onScope={changeScope} feed={view.feed.length} all={view.all.length} />
      <div className="events-actions">
        <label className="check-all">
          <input
            type="checkbox"
            aria-label={t('panel.selectAll')}
            checked={shown.length > 0 && shown.every((e) => view.checked.has(e.Id))}
            onChange={(e) => eventsStore.setChecked(e.target.checked ? shown.map((x) => x.Id) : [])}
          />
        </label>
        <button type="button" disabled={checked.length === 0} aria-keyshortcuts="A" onClick={() => void eventsStore.ack(checked)}>
          {checked.length ? t('panel.ackSelectedN', { n: checked.length }) : t('panel.ackSelected')}
        </button>
        <button type="button" disabled={events.length === 0} onClick={ackAll}>
          {t('panel.ackAll', { n: events.length })}
        </button>
        {view.pendingAcks > 0 && (
          <span className="hint pending-acks" role="status">
            {view.pendingReason ? t('panel.pendingWhy', { count: view.pendingAcks, reason: view.pendingReason }) : t('panel.pending', { count: view.pendingAcks })}
          </span>
        )}
        <span className="spacer" />
        <AlertMenu />
        <NotifyButton />
      </div>
      {confirming && (
        <ConfirmAckAll
          count={confirming.length}
          visible={Math.min(confirming.length, shown.length)}
          scopeName={scope === 'feed' ? t('confirmAll.scopeFeed') : t('confirmAll.scopeAll')}
          onConfirm={() => endConfirm(true)}
          onCancel={() => endConfirm(false)}
        />
      )}
      {view.error && (
        <p role="alert" className="error">
          {view.error}
        </p>
      )}
      <AckErrors errors={view.ackErrors} onRetry={eventsStore.retry} onDiscard={eventsStore.discard} />
      {view.loaded && events.length === 0 ? (
        <p className="empty">{scope === 'feed' ? t('panel.emptyFeed') : t('panel.empty')}</p>
      ) : (
        <div role="list" aria-label={scope === 'feed' ? t('panel.listFeed') : t('panel.listAll')}>
          {rowChunks(rows).map((chunk, i) => (
            // A chunk is a generic box between the list and its items (row-chunks.ts).
            <div className="event-chunk" key={i} style={{ containIntrinsicSize: `auto ${chunk.length * ROW_HEIGHT_GUESS}px` }}>
              {chunk.map((e) => (
                <EventRow
                  key={e.Id}
                  e={e}
                  objectName={namesById.get(e.ObjectId)?.Name ?? t('object', { id: e.ObjectId })}
                  objectTimeZone={namesById.get(e.ObjectId)?.TimeZone}
                  checked={view.checked.has(e.Id)}
                  focused={focus?.eventId === e.Id}
                  placeLine={focus?.eventId === e.Id ? placeText(focus, now) : undefined}
                  refusal={refusals.get(e.Id)}
                  onCheck={onCheck}
                  onFocus={onFocus}
                  onAck={onAck}
                />
              ))}
            </div>
          ))}
        </div>
      )}
      {events.length > MAX_ROWS && <p className="hint">{t('panel.showing', { max: MAX_ROWS, total: events.length })}</p>}
    </section>
  );
}
