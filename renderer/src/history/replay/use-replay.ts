/**
 * The History screen's replay wiring: the cursor, the replay clock and the visible window,
 * kept on the interval shown, and the seeks the lists and the step buttons ask for. The
 * cursor and the window are external stores, so a replay frame re-renders only what shows them.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HistoryData } from '../../../../common/methods/history';
import type { MapApi } from '../map/HistoryMap';
import type { Derived } from '../model/derive';
import { fixAt, indexAt } from '../model/track-model';
import type { Stop, Trip } from '../model/trips';
import { fitTo, TimeWindow } from '../timeline/timeline-window';
import { Cursor, Player } from './clock';

export interface Replay {
  cursor: Cursor;
  player: Player;
  timeWindow: TimeWindow;
  /** Handed to the map, which gives back what the seeks move. */
  onApi: (api: MapApi) => void;
  /** A seek by hand (timeline, chart) pauses the replay. */
  onSeek: () => void;
  /** One fix forward or back. */
  step: (dir: 1 | -1) => void;
  /** A trip or stop picked in the list: the window and the map fit it. */
  zoomTo: (x: Trip | Stop) => void;
  /** An event or violation picked in a list: the cursor goes there and the map shows where. */
  seekTime: (t: number) => void;
}

/** Points of a trip handed to the map's fit at most: enough for its bounds, not a month of fixes. */
const FIT_POINTS = 2000;

/** `at`: an instant to start at (an event picked elsewhere), null for the interval's first point. */
export function useReplay(data: HistoryData | null, d: Derived | null, at: number | null = null): Replay {
  const [cursor] = useState(() => new Cursor());
  const [player] = useState(() => new Player(cursor));
  const [timeWindow] = useState(() => new TimeWindow());
  const mapApi = useRef<MapApi | null>(null);

  // A new interval puts the cursor at its first point (or at the instant the link names);
  // while the load fills in earlier windows the cursor moves back to the new first point,
  // unless the operator has moved it meanwhile.
  const cursorKey = useRef('');
  const placed = useRef<number | null>(null);
  useEffect(() => {
    if (!data || !d) return;
    player.from = data.from;
    player.till = data.till;
    player.parkings = d.stops;
    const key = `${data.objectId}:${data.from}:${data.till}`;
    const t = cursor.get();
    const start = at !== null && at >= data.from && at <= data.till ? at : d.model.n ? d.model.cols.time[0]! : data.from;
    if (cursorKey.current !== key || t < data.from || t > data.till || (t === placed.current && t !== start)) {
      cursorKey.current = key;
      player.pause();
      cursor.set(start);
      placed.current = start;
    }
  }, [data, d, at, cursor, player]);
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
      const stride = Math.max(1, Math.floor((x.last - x.first) / FIT_POINTS));
      for (let i = x.first; i <= x.last; i += stride) pts.push([d.model.cols.lat[i]!, d.model.cols.lng[i]!]);
      mapApi.current?.fitLatLngs(pts);
    }
  };
  const seekTime = (t: number) => {
    player.pause();
    cursor.set(t);
    const f = d ? fixAt(d.model, t) : null;
    if (f) mapApi.current?.fitLatLngs([[f.lat, f.lng]]);
  };
  return { cursor, player, timeWindow, onApi, onSeek, step, zoomTo, seekTime };
}
