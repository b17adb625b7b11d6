/**
 * The fleet service API client: one object grouping the resource families.
 *
 *   const http = createHttp({ baseUrl, getToken, onUnauthorized });
 *   const api = createApi(http);
 *   await api.objects.list(); await api.status.get(); await api.history.load({ ObjectId, From, Till });
 *
 * Sign-in (POST /api/Token) is `signIn` from ./auth: it needs no token and no Http.
 */
import { commandsApi, commandTemplatesApi } from './commands';
import { companiesApi } from './companies';
import { driversApi } from './drivers';
import { eventsApi } from './events';
import { eventSettingsApi } from './eventSettings';
import { filesApi } from './files';
import { geocoderApi } from './geocoder';
import { geozonesApi } from './geozones';
import { historyApi } from './history';
import { historyImportApi } from './historyImport';
import type { Http } from './http';
import { objectGroupsApi, objectsApi } from './objects';
import { packetsApi } from './packets';
import { reportsApi, reportTemplatesApi } from './reports';
import { statusApi } from './status';
import { usersApi } from './users';

export function createApi(http: Http) {
  return {
    http,
    objects: objectsApi(http),
    groups: objectGroupsApi(http),
    status: statusApi(http),
    history: historyApi(http),
    events: eventsApi(http),
    commands: commandsApi(http),
    geocoder: geocoderApi(http),
    geozones: geozonesApi(http),
    drivers: driversApi(http),
    eventSettings: eventSettingsApi(http),
    commandTemplates: commandTemplatesApi(http),
    reports: reportsApi(http),
    reportTemplates: reportTemplatesApi(http),
    users: usersApi(http),
    companies: companiesApi(http),
    files: filesApi(http),
    historyImport: historyImportApi(http),
    packets: packetsApi(http),
  };
}
export type FleetApi = ReturnType<typeof createApi>;
export type Api = FleetApi;

export { createHttp, seg, type Http, type HttpOptions, type RequestOptions, type RawBytes } from './http';
export { signIn, extractToken, tokenExpiry, type SignInResult, type SignInOptions } from './auth';
export { ApiError, extractServerMessage, parseRetryAfter } from './errors';
export { decodeBody, normalize, type ApiLog } from './tolerant';
export type { Extra, LooseItem, LooseRecord, WriteResult } from './shared';
export type { LiteObject, ObjectGroup } from './objects';
export { hasFix, parseObjectsStatus, type StatusPosition } from './status';
export { isIntervalTooLong, type HistoryRequest, type IntervalRequest } from './history';
export type { DownloadedFile, FileToAttach } from './files';
export type { GeocodeRequest } from './geocoder';
export type { ReportResult } from './reports';
export type { PacketsRequest } from './packets';
