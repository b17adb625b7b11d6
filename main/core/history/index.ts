export { HistoryService, OPEN_EDGE_MS, type HistoryServiceOptions } from './loader';
export { HistoryExtras, type CatalogueKind } from './extras';
export { parseHistoryBody, type ParsedHistory } from './parse-track';
export { inThreadHistoryWriter, workerHistoryReader, workerHistoryWriter, type HistoryReader, serveHistory, type HistoryWriter, type WindowInfo, type WindowStored } from './writer';
export { readOverview, readRange, storeWindow } from './store';
export { DEFAULT_POLICY, splitWindows, windowLength, halve, WindowQueue, type Window, type WindowPolicy } from './windows';
