/**
 * Timing samples the canvas layers keep for the bench and support (read through the
 * `__fleetMapPerf` and `__historyTrackPerf` globals, hooks.ts).
 */
import { expose } from './hooks';

/**
 * The figures are lists of samples; a session of hours must not grow them without bound.
 */
export function keepSample(list: number[], v: number): void {
  list.push(v);
  if (list.length > 1000) list.splice(0, 500);
}

/** The live object layer's figures: poll-to-pixels (ms) per delta, index build times, and per redraw its script time and objects drawn. */
export interface MapPerf {
  pollToPixels: number[];
  indexMs: number[];
  drawMs: number[];
  drawnObjects: number[];
}

export const mapPerf: MapPerf = { pollToPixels: [], indexMs: [], drawMs: [], drawnObjects: [] };
expose('__fleetMapPerf', mapPerf);
