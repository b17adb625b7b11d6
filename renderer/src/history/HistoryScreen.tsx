import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { FleetEvent, FleetFile, FleetObject } from '../../../common/resources';
import { RpcError } from '../rpc/client';
import { cutShortNote, recordsShape, type RecordsShape } from './records/record-shapes';
import { fetchRecords } from './records/records';
import { fleetStore } from '../stores/fleet-store';
import { selection } from '../stores/selection';
import { useFleetObjects } from '../stores/use-fleet-objects';
import { deriveTrack, withSensors, type TrackDerived } from './model/derive';
import { exportCharts, exportInterval, fileStem, type ExportKind } from './export/export-files';
import { FileViewer } from './FileViewer';
import { figuresFromDailyStats } from './model/summary';
import { IntervalPicker } from './IntervalPicker';
import { operatorTimeZone, quickInterval, validTimeZone, type Interval } from './interval';
import { HistoryMap, type MapApi } from './map/HistoryMap';
import { buildModel, fixAt, indexAt } from './model/track-model';
import { ObjectPicker } from './ObjectPicker';
import { EventsList, SummaryPanel, TripsList, ViolationsList } from './Panels';
import { Cursor, Player } from './replay/clock';
import { PlayerBar } from './replay/PlayerBar';
import { Readout } from './replay/Readout';
import { RecordsTable } from './records/RecordsTable';
import { SensorChart } from './timeline/SensorChart';
import type { FuelJump } from './model/fuel';
import { fmtShort, fmtTime } from './time-format';
import { Timeline } from './timeline/Timeline';
import { fitTo, TimeWindow, unionSpans } from './timeline/timeline-window';
import type { Stop, Trip } from './model/trips';
import { useHistory } from './model/use-history';
import { ProgressNote } from './ProgressNote';
import { useObjectSensors } from './model/use-object-sensors';
import { numberText } from '../ui/format';

/** A sensor without refuels or drains: one array, so its chart is not rebuilt on every render. */
const NO_JUMPS: FuelJump[] = [];

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

/** `#/history?o=ID&from=MS&till=MS`: a reload or a second window opens the same interval. */
function readHash(): { o?: number; from?: number; till?: number } {
  const q = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const n = (k: string) => (q.get(k) !== null && Number.isFinite(Number(q.get(k))) ? Number(q.get(k)) : undefined);
  return { o: n('o'), from: n('from'), till: n('till') };
}

export function HistoryScreen() {
  // The list, not the positions: a poll must not re-render the whole screen under a replay.
  const objectsById = useFleetObjects();
  const initial = useRef(readHash());
  const [objectId, setObjectId] = useState<number | null>(initial.current.o ?? selection.get());
  const [interval, setInterval] = useState<Interval | null>(
    initial.current.from !== undefined && initial.current.till !== undefined ? { from: initial.current.from, till: initial.current.till } : null,
  );
  const [useObjectTz, setUseObjectTz] = useState(true);
  const [tab, setTab] = useState<Tab>('summary');
  const [file, setFile] = useState<FleetFile | null>(null);
  const [cursor] = useState(() => new Cursor());
  const [player] = useState(() => new Player(cursor));
  const [timeWindow] = useState(() => new TimeWindow());
  const mapApi = useRef<MapApi | null>(null);
  const charts = useRef(new Map<number, HTMLCanvasElement>());

  const listed = (objectId !== null ? objectsById.get(objectId) : undefined) ?? null;
  const sensors = useObjectSensors(objectId);
  // The list's object has no sensors (objects/details has them): the charts need their names and units.
  const object: FleetObject | null = useMemo(() => (listed && sensors ? { ...listed, Sensors: sensors } : listed), [listed, sensors]);
  const operatorTz = useMemo(operatorTimeZone, []);
  const objectTz = validTimeZone(object?.TimeZone);
  const tz = useObjectTz && objectTz ? objectTz : operatorTz;

  // With nothing chosen, the selected (or first) object's today is a useful first picture.
  useEffect(() => {
    if (objectId === null && fleetStore.objects[0]) setObjectId(fleetStore.objects[0].Id);
  });
  useEffect(() => {
    if (!interval && object) setInterval(quickInterval('today', Date.now(), tz));
  }, [interval, object, tz]);
  // A link pasted into the address bar of an open screen changes only the hash: follow it.
  // (The screen's own writes use replaceState, which fires no hashchange.)
  useEffect(() => {
    const on = () => {
      if (!window.location.hash.startsWith('#/history')) return;
      const h = readHash();
      if (h.o !== undefined) setObjectId(h.o);
      if (h.from !== undefined && h.till !== undefined && h.till > h.from) {
        const next = { from: h.from, till: h.till };
        setInterval((cur) => (cur && cur.from === next.from && cur.till === next.till ? cur : next));
      }
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  useEffect(() => {
    if (!interval || objectId === null) return;
    const hash = `#/history?o=${objectId}&from=${interval.from}&till=${interval.till}`;
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  }, [objectId, interval]);

  // Asked for as soon as the route names it: the object's record (the fleet list, its sensors)
  // only labels what is drawn, and a 50,000-object list takes seconds to arrive.
  const req = objectId !== null && interval ? { objectId, from: interval.from, till: interval.till } : null;
  const hist = useHistory(req);
  const data = hist.data;
  const lastTrack = useRef<TrackDerived | null>(null);
  const track = useMemo(() => {
    // The last copy's model is reused where the two tracks agree (buildModel checks).
    const t = data ? deriveTrack(data, lastTrack.current) : null;
    lastTrack.current = t;
    return t;
    // Only a new copy of the data rebuilds it.
  }, [data]);
  const d = useMemo(() => (data && track ? withSensors(track, data, object) : null), [track, data, object]);
  // Until the full track is in, the map draws its coarse copy (nothing else reads it).
  const overview = useMemo(() => (!data && hist.overview ? buildModel(hist.overview.track, hist.overview.breaks) : null), [data, hist.overview]);
  const daily = useMemo(() => (hist.dailyStats ? figuresFromDailyStats(hist.dailyStats.items) : null), [hist.dailyStats]);

  // A new interval puts the cursor at its first point; new chunks of the same one leave it be.
  const cursorKey = useRef('');
  useEffect(() => {
    if (!data || !d) return;
    player.from = data.from;
    player.till = data.till;
    player.parkings = d.stops;
    const key = `${data.objectId}:${data.from}:${data.till}`;
    const t = cursor.get();
    if (cursorKey.current !== key || t < data.from || t > data.till) {
      cursorKey.current = key;
      player.pause();
      cursor.set(d.model.n ? d.model.cols.time[0]! : data.from);
    }
  }, [data, d, cursor, player]);
  // Before paint: the timeline must never draw a frame with the previous interval's window.
  useLayoutEffect(() => {
    if (data) timeWindow.setBounds(data);
  }, [data, timeWindow]);
  useEffect(() => () => player.pause(), [player]);
  // The cursor stays in view: replay with "follow" pages the window along; a seek from a
  // list, a key or the player's step buttons brings the window to it.
  useEffect(
    () =>
      cursor.subscribe(() => {
        const s = player.getState();
        if (!s.playing) timeWindow.reveal(cursor.get());
        else if (s.follow) timeWindow.follow(cursor.get());
      }),
    [cursor, player, timeWindow],
  );

  const onApi = useCallback((api: MapApi) => (mapApi.current = api), []);
  const onSeek = useCallback(() => player.pause(), [player]);
  const onCanvas = useCallback((id: number, c: HTMLCanvasElement | null) => {
    if (c) charts.current.set(id, c);
    else charts.current.delete(id);
  }, []);

  const step = (dir: 1 | -1) => {
    if (!d || d.model.n === 0) return;
    player.pause();
    const time = d.model.cols.time;
    const t = cursor.get();
    const i = indexAt(time, t);
    const j = dir > 0 ? i + 1 : time[i] === t ? i - 1 : i;
    if (j >= 0 && j < time.length) cursor.set(time[j]!);
  };
  const zoomTo = (x: Trip | Stop) => {
    player.pause();
    timeWindow.show(fitTo(x, timeWindow.getBounds()));
    cursor.set(x.from);
    if (x.kind === 'stop') mapApi.current?.fitLatLngs([[x.lat, x.lng]]);
    else if (d) {
      const pts: [number, number][] = [];
      const stride = Math.max(1, Math.floor((x.last - x.first) / 2000));
      for (let i = x.first; i <= x.last; i += stride) pts.push([d.model.cols.lat[i]!, d.model.cols.lng[i]!]);
      mapApi.current?.fitLatLngs(pts);
    }
  };
  const seekEvent = (t: number) => {
    player.pause();
    cursor.set(t);
    const f = d ? fixAt(d.model, t) : null;
    if (f) mapApi.current?.fitLatLngs([[f.lat, f.lng]]);
  };
  const describe = useCallback(
    (t: number) => {
      const f = d ? fixAt(d.model, t) : null;
      return f && Number.isFinite(f.speed) ? `${Math.round(f.speed)} km/h` : '';
    },
    [d],
  );
  const doExport = (kind: ExportKind) => data && d && object && exportInterval(kind, object.Name, data, d, tz);
  const doChartPng = () => {
    if (!d || !data || !object) return;
    const list = d.sensors.flatMap((s) => {
      const c = charts.current.get(s.id);
      return c ? [{ name: `${s.name}${s.units ? ` (${s.units})` : ''}`, canvas: c }] : [];
    });
    exportCharts(list, `${fileStem(object.Name, data.from, data.till, tz)}_sensors.png`);
  };

  // The core never marks the last minutes before now as covered (late points may still
  // arrive): that open edge is not worth a warning.
  const missing = useMemo(() => (data?.coverage.missing ?? []).filter(([a]) => a < Date.now() - 15 * 60_000), [data]);
  const bands = useMemo(
    () => ({
      trips: d?.trips ?? [],
      stops: unionSpans(d?.stops ?? []),
      missing: unionSpans(missing.map(([from, till]) => ({ from, till }))),
      // Sorted, so the timeline finds the ones in its window by bisection.
      eventTimes: Float64Array.from(data?.events ?? [], (e) => e.Time).sort(),
    }),
    [d, data, missing],
  );
  const loadDone = !hist.progress || hist.progress.done;
  const nothingToExport = !data || (data.track.time.length === 0 && data.events.length === 0);

  return (
    <main className="history" aria-label="History">
      <section className="history-bar" aria-label="Object and interval">
        <ObjectPicker value={object} onPick={(o) => setObjectId(o.Id)} />
        <IntervalPicker value={interval} tz={tz} objectTz={objectTz} operatorTz={operatorTz} useObjectTz={useObjectTz} onUseObjectTz={setUseObjectTz} onChange={setInterval} />
      </section>
      <ProgressNote hist={hist} tz={tz} missing={missing} loadDone={loadDone} onRetry={hist.retry} />
      <div className="history-body">
        <div className="history-main">
          <HistoryMap
            model={d?.model ?? overview}
            sketch={!d && !!overview}
            filling={!loadDone}
            stops={d?.stops ?? []}
            events={d?.eventMarks ?? []}
            violations={d?.violations ?? []}
            fuel={d?.fuelMarks ?? []}
            tz={tz}
            cursor={cursor}
            player={player}
            fitKey={`${req?.objectId}:${req?.from}:${req?.till}:${loadDone}`}
            awaitingTrack={!!req && !hist.error && !(d?.model ?? overview)?.n}
            onApi={onApi}
          />
          {data && (
            <>
              <Timeline
                tz={tz}
                bands={bands}
                hasMissing={missing.length > 0}
                files={data.files}
                cursor={cursor}
                timeWindow={timeWindow}
                describe={describe}
                onOpenFile={setFile}
                onSeek={onSeek}
              />
              <PlayerBar player={player} disabled={!d || d.model.n === 0} onStep={step} />
            </>
          )}
        </div>
        <aside className="history-side" aria-label="Details of the interval">
          <Readout model={d?.model ?? null} sensors={d?.sensors ?? []} cursor={cursor} tz={tz} />
          <div className="history-export" role="group" aria-label="Export">
            <span>Export</span>
            <button type="button" disabled={nothingToExport} onClick={() => doExport('gpx')}>GPX</button>
            <button type="button" disabled={nothingToExport} onClick={() => doExport('kml')}>KML</button>
            <button type="button" disabled={nothingToExport} onClick={() => doExport('csv')}>CSV</button>
            <button type="button" disabled={!d?.sensors.length || !loadDone} onClick={doChartPng}>Charts PNG</button>
          </div>
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
                track={d?.figures ?? null}
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
            {tab === 'trips' && <TripsList items={d?.list ?? []} tz={tz} onPick={zoomTo} />}
            {tab === 'events' && <EventsList events={data?.events ?? []} tz={tz} onPick={(e: FleetEvent) => seekEvent(e.Time)} />}
            {tab === 'violations' && <ViolationsList list={d?.violations ?? []} faulty={d?.faulty ?? []} tz={tz} onPick={(v) => seekEvent(v.time)} />}
            {(tab === 'sessions' || tab === 'parkings' || tab === 'packets') && req && <RemoteRecords tab={tab} req={req} tz={tz} />}
          </div>
        </aside>
      </div>
      {d && data && d.sensors.length > 0 && (
        <section className="history-sensors" aria-label="Sensors">
          {/* Each update of a load rebuilt every chart over everything so far: on two cores that
              took 2–4 s from a cold month's load and 0.7 s from its first draw (back to back).
              The track fills in on the map meanwhile; the readout follows the cursor. */}
          {loadDone ? (
            d.sensors.map((s) => (
              <SensorChart key={`${s.id}:${hist.version}`} view={s} tz={tz} cursor={cursor} timeWindow={timeWindow} jumps={d.jumps.get(s.id) ?? NO_JUMPS} onSeek={onSeek} onCanvas={onCanvas} />
            ))
          ) : (
            <p className="history-note muted">
              Charts of {d.sensors.length} sensor{d.sensors.length === 1 ? '' : 's'} are drawn once the interval is loaded.
            </p>
          )}
        </section>
      )}
      {file && <FileViewer file={file} tz={tz} onClose={() => setFile(null)} />}
      {data && (
        <p className="history-caption muted">
          {object?.Name}: {fmtShort(data.from, tz)} – {fmtShort(data.till, tz)}, {numberText(data.track.time.length)} points
        </p>
      )}
    </main>
  );
}

const METHOD = { sessions: 'history/driverSessions', parkings: 'history/parkingMoto', packets: 'history/packets' } as const;
const LABEL = { sessions: 'Driver sessions', parkings: 'Parkings and engine operation', packets: 'Raw packets' } as const;

function RemoteRecords({ tab, req, tz }: { tab: 'sessions' | 'parkings' | 'packets'; req: { objectId: number; from: number; till: number }; tz: string }) {
  const [state, setState] = useState<{ shape: RecordsShape; note: string } | { error: string } | null>(null);
  const { objectId, from, till } = req;
  useEffect(() => {
    let alive = true;
    setState(null);
    fetchRecords(METHOD[tab], objectId, from, till)
      .then((r) => {
        if (!alive) return;
        const offline = r.fromCache ? `Offline: the last copy${r.fetchedAt ? ` from ${fmtTime(r.fetchedAt, tz)}` : ''}.` : '';
        const cut = r.shownTill !== null ? cutShortNote(r.shownTill, tz) : '';
        setState({ shape: recordsShape(tab, r.items), note: [offline, cut].filter(Boolean).join(' ') });
      })
      .catch((e: unknown) => alive && setState({ error: e instanceof RpcError ? e.text : String(e) }));
    return () => {
      alive = false;
    };
  }, [tab, objectId, from, till, tz]);
  if (!state) return <p role="status">Loading…</p>;
  if ('error' in state) return <p role="alert" className="error">{state.error}</p>;
  return (
    <>
      {state.note && (
        <p role="note" className="muted">
          {state.note}
        </p>
      )}
      <RecordsTable label={LABEL[tab]} shape={state.shape} tz={tz} empty={`No ${LABEL[tab].toLowerCase()} for this interval.`} />
    </>
  );
}
