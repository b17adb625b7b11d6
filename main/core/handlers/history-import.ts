import type { HandlerMap } from '../rpc/dispatcher';
import type { HistoryImports } from '../history-import/service';

/** Maps the history import methods onto main/core/history-import. */
export function historyImportHandlers(imports: HistoryImports): HandlerMap {
  return {
    'historyImport/preview': async (a) => {
      const p = await imports.preview(a.fileName, a.bytes);
      return {
        importId: p.importId, fileName: p.fileName, format: p.format, name: p.name,
        track: { time: Float64Array.from(p.accepted, (x) => x.time), lat: Float64Array.from(p.accepted, (x) => x.lat), lng: Float64Array.from(p.accepted, (x) => x.lng) },
        rejected: p.rejected, gaps: p.gaps, summary: p.summary,
      };
    },
    'historyImport/start': (a) => imports.start(a),
    'historyImport/startMany': (a) => imports.startMany(a),
  };
}
