/**
 * Runs one report at a time: the rows of each finished batch are shown as they arrive
 * (pushed with the progress), the finished table replaces them, and Cancel stops the
 * requests not yet sent.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportColumn, ReportRequestIn, ReportRow, ReportTable } from '../../../common/methods/reports';
import { onPush, rpc, RpcError } from '../rpc/client';

export interface ReportState {
  running: boolean;
  progress: { done: number; total: number } | null;
  partial: { columns: ReportColumn[]; rows: ReportRow[]; timeZones: Record<number, string> } | null;
  table: ReportTable | null;
  error: string | null;
}

const IDLE: ReportState = { running: false, progress: null, partial: null, table: null, error: null };

export function useReport() {
  const [state, setState] = useState<ReportState>(IDLE);
  const runId = useRef<string | null>(null);

  useEffect(
    () =>
      onPush('reports/progress', (p) => {
        if (p.runId !== runId.current) return;
        setState((s) => {
          const prev = s.partial;
          const partial = p.columns
            ? { columns: p.columns, rows: prev ? [...prev.rows, ...(p.rows ?? [])] : (p.rows ?? []), timeZones: { ...prev?.timeZones, ...p.timeZones } }
            : prev;
          return { ...s, progress: { done: p.done, total: p.total }, partial };
        });
      }),
    [],
  );

  const run = useCallback(async (request: ReportRequestIn, refresh = false) => {
    const id = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    runId.current = id;
    setState({ ...IDLE, running: true });
    try {
      const table = await rpc('reports/run', { runId: id, request, refresh });
      if (runId.current === id) setState({ ...IDLE, table });
    } catch (e) {
      if (runId.current === id) setState({ ...IDLE, error: e instanceof RpcError ? e.text : String(e) });
    }
  }, []);

  const cancel = useCallback(() => {
    if (runId.current) void rpc('reports/cancel', { runId: runId.current });
  }, []);

  /** Shows a table read elsewhere (the cached copy the screen opens with). */
  const show = useCallback((table: ReportTable) => {
    runId.current = null;
    setState({ ...IDLE, table });
  }, []);

  return { state, run, cancel, show };
}
