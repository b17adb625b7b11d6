/**
 * The fleet service API client: one object grouping the resource families.
 *
 *   const http = createHttp({ baseUrl, getToken, onUnauthorized });
 *   const api = createApi(http);
 *   await api.objects.list(); await api.status.get();
 *
 * Sign-in (POST /api/Token) is `signIn` from ./auth: it needs no token and no Http.
 */
import type { Http } from './http';
import { objectGroupsApi, objectsApi } from './objects';
import { statusApi } from './status';

export function createApi(http: Http) {
  return {
    http,
    objects: objectsApi(http),
    objectGroups: objectGroupsApi(http),
    status: statusApi(http),
  };
}
export type FleetApi = ReturnType<typeof createApi>;
export type Api = FleetApi;

export { createHttp, type Http, type HttpOptions, type RequestOptions, type RawBytes } from './http';
export { signIn, extractToken, tokenExpiry, type SignInResult, type SignInOptions } from './auth';
export { ApiError, extractServerMessage, parseRetryAfter } from './errors';
export { decodeBody, normalize, type ApiLog } from './tolerant';
export type { Extra, LooseRecord, WriteResult } from './shared';
export type { LiteObject, ObjectGroup } from './objects';
export { hasFix, type StatusPosition } from './status';
