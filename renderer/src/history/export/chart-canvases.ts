/** The sensor charts' canvases by sensor id, registered by the charts so "Charts PNG" can paint them into one image. */
import { useCallback, useRef, type MutableRefObject } from 'react';

export interface ChartCanvases {
  charts: MutableRefObject<Map<number, HTMLCanvasElement>>;
  onCanvas: (id: number, c: HTMLCanvasElement | null) => void;
}

export function useChartCanvases(): ChartCanvases {
  const charts = useRef(new Map<number, HTMLCanvasElement>());
  const onCanvas = useCallback((id: number, c: HTMLCanvasElement | null) => {
    if (c) charts.current.set(id, c);
    else charts.current.delete(id);
  }, []);
  return { charts, onCanvas };
}
