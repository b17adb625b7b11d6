/**
 * History import (issue 28): a GPX, KML or CSV track read and checked on the main side
 * (main/core/history-import/), previewed with its rejected rows, then sent as a
 * 'history-import' job whose progress is the jobs engine's `jobs/progress`.
 */
import { z } from 'zod';
import { method } from '../define';

export interface HistoryImportPreview {
  importId: string;
  fileName: string;
  format: string;
  /** A name the file gives its track or device (for matching an object). */
  name: string | null;
  /** The accepted points as columns (Unix ms, degrees). */
  track: { time: Float64Array; lat: Float64Array; lng: Float64Array };
  rejected: Array<{ row: number; line?: number; reason: string }>;
  gaps: Array<{ afterRow: number; from: number; till: number }>;
  summary: { points: number; rejected: number; from: number | null; till: number | null; intervalMs: number | null; distanceKm: number; gaps: number };
}

export const historyImportMethods = {
  /** Reads and checks a file; nothing is sent. invalid_input when the file is not what it claims. */
  'historyImport/preview': method<HistoryImportPreview>()(
    z.object({ fileName: z.string().min(1).max(300), bytes: z.instanceof(Uint8Array) }),
  ),
  /** Starts the import job of a previewed file for one object. */
  'historyImport/start': method<{ jobId: number; parts: number }>()(
    z.object({ importId: z.string().min(1), objectId: z.number().int().positive() }),
    { write: true },
  ),
  /** Starts one import job of several previewed files, each for its object (one file per object, matched by name or IMEI). */
  'historyImport/startMany': method<{ jobId: number; parts: number }>()(
    z.object({ files: z.array(z.object({ importId: z.string().min(1), objectId: z.number().int().positive() })).min(1).max(500) }),
    { write: true },
  ),
};
