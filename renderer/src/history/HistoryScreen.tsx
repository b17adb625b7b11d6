/**
 * The History screen: one object over one interval. It only composes: which object and
 * interval (use-object-interval.ts), their data (model/), the replay wiring (replay/), and
 * the map, timeline, details, exports and charts that show them.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetFile } from '../../../common/resources';
import { DetailsTabs } from './DetailsTabs';
import { useChartCanvases } from './export/chart-canvases';
import { ExportButtons } from './export/ExportButtons';
import { AttachAtPlayhead } from './AttachAtPlayhead';
import { FileViewer } from './FileViewer';
import { IntervalPicker } from './IntervalPicker';
import { HistoryMap } from './map/HistoryMap';
import { fixAt } from './model/track-model';
import { useDerivedHistory } from './model/use-derived';
import { useHistory } from './model/use-history';
import { ObjectPicker } from './ObjectPicker';
import { ProgressNote } from './ProgressNote';
import { PlayerBar } from './replay/PlayerBar';
import { Readout } from './replay/Readout';
import { useReplay } from './replay/use-replay';
import { fmtShort } from './time-format';
import { ChartsLink, SensorCharts } from './timeline/SensorCharts';
import { Timeline } from './timeline/Timeline';
import { useBands } from './timeline/use-bands';
import { useObjectAndInterval } from './use-object-interval';
import { numberText, speedText } from '../ui/format';
import { useHistoryShortcuts } from '../shortcuts/use-history-shortcuts';
import { usePreferences } from '../stores/preferences';
import './history-layout.css';

export function HistoryScreen() {
  const { t } = useTranslation('history');
  const sel = useObjectAndInterval();
  const { objectId, object, interval, tz } = sel;
  const [file, setFile] = useState<FleetFile | null>(null);
  const { charts, onCanvas } = useChartCanvases();

  // Asked for as soon as the route names it: the object's record (the fleet list, its sensors)
  // only labels what is drawn, and a 50,000-object list takes seconds to arrive.
  const req = objectId !== null && interval ? { objectId, from: interval.from, till: interval.till } : null;
  const hist = useHistory(req);
  const derived = useDerivedHistory(hist, object);
  const { data, d, overview, missing } = derived;
  const replay = useReplay(data, d, sel.at);
  const { cursor, player, timeWindow, onSeek } = replay;
  const bands = useBands(d, data, missing);
  const keys = useHistoryShortcuts(replay, d);

  const units = usePreferences().distanceUnit;
  const describe = useCallback(
    (at: number) => {
      const f = d ? fixAt(d.model, at) : null;
      return f && Number.isFinite(f.speed) ? speedText(f.speed) : '';
    },
    // The units are read when the text is made: a change of them makes a new one.
    [d, units],
  );
  const loadDone = !hist.progress || hist.progress.done;

  return (
    <main className="history" aria-label={t('screen.label')}>
      {/* The bar, the map, the timeline and the player fill the window; the charts follow below it. */}
      <div className="history-top">
      <section className="history-bar" aria-label={t('screen.bar')}>
        <ObjectPicker value={object} onPick={(o) => sel.setObjectId(o.Id)} />
        <IntervalPicker
          value={interval}
          tz={tz}
          objectTz={sel.objectTz}
          operatorTz={sel.operatorTz}
          useObjectTz={sel.useObjectTz}
          onUseObjectTz={sel.setUseObjectTz}
          onChange={sel.setInterval}
        />
      </section>
      <div className="history-status-row">
        <ProgressNote hist={hist} tz={tz} missing={missing} loadDone={loadDone} objectName={object?.Name} onRetry={hist.retry} />
        {d && d.sensors.length > 0 && <ChartsLink count={d.sensors.length} />}
        {objectId !== null && d && <AttachAtPlayhead objectId={objectId} cursor={cursor} />}
      </div>
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
            onApi={keys.onApi}
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
              <PlayerBar player={player} disabled={!d || d.model.n === 0} onStep={replay.step} />
            </>
          )}
        </div>
        <aside className="history-side" aria-label={t('screen.side')}>
          <Readout model={d?.model ?? null} sensors={d?.sensors ?? []} cursor={cursor} tz={tz} />
          <ExportButtons data={data} d={d} object={object} tz={tz} loadDone={loadDone} charts={charts} />
          <DetailsTabs derived={derived} hist={hist} req={req} tz={tz} onPickTrip={replay.zoomTo} onPickTime={replay.seekTime} />
        </aside>
      </div>
      </div>
      {d && data && d.sensors.length > 0 && (
        <SensorCharts d={d} tz={tz} cursor={cursor} timeWindow={timeWindow} loadDone={loadDone} version={hist.version} onSeek={onSeek} onCanvas={onCanvas} />
      )}
      {keys.help}
      {file && <FileViewer file={file} tz={tz} onClose={() => setFile(null)} />}
      {data && (
        <p className="history-caption muted">
          {t('screen.caption', { name: object?.Name ?? '', from: fmtShort(data.from, tz), till: fmtShort(data.till, tz), n: numberText(data.track.time.length), count: data.track.time.length })}
        </p>
      )}
    </main>
  );
}
