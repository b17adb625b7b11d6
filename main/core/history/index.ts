export { HistoryService, OPEN_EDGE_MS, type HistoryServiceOptions } from './loader';
export { HistoryExtras, type CatalogueKind } from './extras';
export { parseHistoryBody, type ParsedHistory } from './parse-track';
export { inThreadHistoryWriter, workerHistoryReader, workerHistoryWriter, type HistoryReader, type HistoryWriter } from './writer';
export type { WindowStored } from './worker-messages';
export { readOverview, readRange, storeWindow, type WindowInfo } from './store';
export { DEFAULT_POLICY, splitWindows, windowLength, halve, WindowQueue, type Window, type WindowPolicy } from './windows';
