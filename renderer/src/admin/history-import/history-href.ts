import type { HistoryImportPreview } from '../../../../common/methods/history-import';

/** History for the object over the file's interval (its last point included). */
export function historyHref(objectId: number, p: HistoryImportPreview): string | undefined {
  const { from, till } = p.summary;
  return from === null || till === null ? undefined : `#/history?o=${objectId}&from=${from}&till=${till + 1}`;
}
