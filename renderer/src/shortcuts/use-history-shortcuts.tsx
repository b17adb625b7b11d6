/**
 * The History screen's keys (history-keymap.ts) on its replay, map and controls. The screen
 * hands over its replay and passes the map's API through here, so the screen's own code
 * changes by three lines.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { MapApi } from '../history/map/HistoryMap';
import type { Derived } from '../history/model/derive';
import { bounds } from '../history/model/track-model';
import { PLAYER_SPEEDS } from '../history/replay/player';
import type { Replay } from '../history/replay/use-replay';
import { CHARTS_ID } from '../history/timeline/SensorCharts';
import { HISTORY_KEYS, nextSpeed, type HistoryAction } from './history-keymap';
import { KeymapHelp } from './KeymapHelp';
import { useKeymap } from './use-keymap';

/** Moves the focus to the first usable control under `selector`; false when there is none. */
function focusFirst(selector: string): boolean {
  const el = document.querySelector<HTMLElement>(selector);
  if (!el) return false;
  el.focus();
  if (el instanceof HTMLInputElement) el.select();
  return true;
}

export function useHistoryShortcuts(replay: Replay, d: Derived | null): { onApi: (api: MapApi) => void; help: ReactNode } {
  const [help, setHelp] = useState(false);
  const map = useRef<MapApi | null>(null);
  const { onApi: replayApi } = replay;
  const onApi = useCallback(
    (api: MapApi) => {
      map.current = api;
      replayApi(api);
    },
    [replayApi],
  );
  const hasTrack = !!d && d.model.n > 0;

  useKeymap(HISTORY_KEYS, (action: HistoryAction) => {
    const { player, cursor } = replay;
    const time = d?.model.cols.time;
    switch (action) {
      case 'help':
        setHelp(true);
        return true;
      case 'play':
        if (!hasTrack) return false;
        if (player.getState().playing) player.pause();
        else player.play();
        return true;
      case 'prev':
      case 'next':
        if (!hasTrack) return false;
        replay.step(action === 'next' ? 1 : -1);
        return true;
      case 'first':
      case 'last':
        if (!hasTrack || !time) return false;
        player.pause();
        cursor.set(action === 'first' ? time[0]! : time[d!.model.n - 1]!);
        return true;
      case 'slower':
      case 'faster':
        player.setSpeed(nextSpeed(PLAYER_SPEEDS, player.getState().speed, action === 'faster' ? 1 : -1));
        return true;
      case 'fit': {
        const b = d ? bounds(d.model) : null;
        if (!b || !map.current) return false;
        map.current.fitLatLngs(b);
        return true;
      }
      case 'charts': {
        const el = document.getElementById(CHARTS_ID);
        if (!el) return false;
        el.scrollIntoView({ block: 'start' });
        el.focus({ preventScroll: true });
        return true;
      }
      case 'export':
        return focusFirst('.history-export button:not(:disabled)');
      case 'object':
        return focusFirst('.history-bar [role="combobox"]');
      case 'interval':
        return focusFirst('.history-interval input');
      case 'timeline':
        return focusFirst('.history [role="slider"]');
    }
  });

  return { onApi, help: help && <KeymapHelp titleKey="history.title" bindings={HISTORY_KEYS} onClose={() => setHelp(false)} /> };
}
