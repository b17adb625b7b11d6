/**
 * The x axis of the report charts, labelled by the console's one time rule (24-hour, dates as
 * History's charts write them) instead of uPlot's US defaults. Report charts count in seconds.
 */
import type uPlot from 'uplot';
import { tickLabel } from '../history/timeline/timeline-ticks';
import { computerZone } from '../ui/time';

export function timeAxis(stroke: string): uPlot.Axis {
  const zone = computerZone();
  // Room for a "16 Nov 00:00" label at each midnight, so neighbours never run together.
  return { stroke, space: 110, values: (_u, splits, _i, _space, incr) => splits.map((t, k) => tickLabel(t * 1000, zone, incr * 1000, k === 0)) };
}

/** Room on the right for the last label, centred on the plot's edge (the interval's end), which was cut in half. */
export const TIME_CHART_PADDING: uPlot.Padding = [null, 44, null, null];
