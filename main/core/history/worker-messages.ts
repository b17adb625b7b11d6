/**
 * The history workers' messages (workers/protocol.ts): the writer stores windows and
 * sketches, the reader reads ranges and sketches. Apart from writer.ts so the worker roles
 * (workers/roles.ts) can name them without importing the writer that starts the workers.
 */
import type { WireHistoryData } from '../../../common/methods/history';
import type { HeldBody } from '../api/held-body';
import type { Message } from '../workers/protocol';
import type { TrackSketch } from './sketch';
import type { WindowInfo } from './store';

export interface WindowStored {
  /** False when stopped before the end (nothing recorded as covered). */
  stored: boolean;
  points: number;
}

export interface RangeRequest {
  objectId: number;
  from: number;
  till: number;
}
export interface OverviewRequest extends RangeRequest {
  /** The sketch's budget (sketch.ts). */
  maxPoints: number;
}

export type HistoryWriterMessages = {
  /** Parses and stores a window: its bytes, or the handle of a body this worker's fetch kept. */
  store: Message<WindowInfo & { body: ArrayBuffer | HeldBody }, WindowStored>;
  overview: Message<OverviewRequest, TrackSketch>;
};

export type HistoryReaderMessages = {
  /** The columns packed for the socket (common/track-wire.ts). */
  read: Message<RangeRequest, WireHistoryData>;
  overview: Message<OverviewRequest, TrackSketch>;
};
