export { HistoryService, OPEN_EDGE_MS, type HistoryServiceOptions } from './loader';
export { HistoryExtras, type CatalogueKind } from './extras';
export { createHistoryParser, parseHistoryBody, type ParsedHistory, type HistoryParser } from './parse-track';
export { readRange, storeWindow } from './store';
export { DEFAULT_POLICY, splitWindows, windowLength, halve, WindowQueue, type Window, type WindowPolicy } from './windows';
