/**
 * Profile, objects (detailed and catalogue endpoints), object groups.
 */
import { z } from 'zod';
import { FleetObjectSchema, ProfileSchema, type FleetObject, type Profile } from '../../../common/resources';
import { seg, type Http } from './http';
import {
  booleanFrom,
  call,
  extra,
  ignoreBody,
  looseList,
  many,
  numberFrom,
  one,
  rawBody,
  writeResult,
  type Extra,
  type LooseItem,
  type WriteResult,
} from './shared';

/** GET /api/Objects/lite element (the spec's reduced field set; Comment, Phone1, Flags untyped). */
export const LiteObjectSchema = z.looseObject({
  Id: z.number(),
  ClusterId: z.number().optional(),
  Name: z.string(),
  Comment: z.unknown().optional(),
  IMEI: z.string().optional(),
  Phone: z.string().optional(),
  Phone1: z.unknown().optional(),
  Flags: z.unknown().optional(),
  IconId: z.number().optional(),
  CompanyId: z.number().optional(),
  DeviceType: z.string().optional(),
  TrackColor: z.string().optional(),
  CreateDate: z.string().optional(),
  Status: z.number().optional(),
});
export type LiteObject = z.infer<typeof LiteObjectSchema>;

/** Object groups: shape unshown; GroupIds on objects reference Id. */
export const ObjectGroupSchema = z.looseObject({ Id: z.number(), Name: z.string().optional() });
export type ObjectGroup = z.infer<typeof ObjectGroupSchema>;

const profile = one(ProfileSchema, { exact: true });
/** Parses a decoded profile body (the ingest worker decodes it off the event loop: it embeds every object). */
export const parseProfile = (raw: unknown, endpoint: string): Profile => profile(raw, endpoint);
const object = one(FleetObjectSchema);
const objects = many(FleetObjectSchema);
const polledObjects = many(FleetObjectSchema, { exact: true });
/** GET /api/Objects body → objects, for the ingest worker, which decodes off the event loop (the exact-shape check first). */
export const parseObjectsList = (raw: unknown, endpoint: string): FleetObject[] => polledObjects(raw, endpoint);
const lite = one(LiteObjectSchema);
const lites = many(LiteObjectSchema);
const polledLites = many(LiteObjectSchema, { exact: true });
/** GET /api/Objects/lite body → objects, for the ingest worker (a first sign-in's names: sync/first-names.ts), the exact-shape check first. */
export const parseObjectsLite = (raw: unknown, endpoint: string): LiteObject[] => polledLites(raw, endpoint);

/** A body that may be one record or a list of them → a list. */
function objectsFromOneOrMany(raw: unknown, endpoint: string): FleetObject[] {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw) && !('data' in raw) && !('Data' in raw)) return [object(raw, endpoint)];
  return objects(raw, endpoint);
}

const PROFILE_PATH = '/api/Profile';
const OBJECTS_PATH = '/api/Objects';
const OBJECTS_LITE_PATH = '/api/Objects/lite';
/** The endpoints whose bodies the ingestor decodes, as its errors and warnings name them. */
export const PROFILE_ENDPOINT = `GET ${PROFILE_PATH}`;
export const OBJECTS_ENDPOINT = `GET ${OBJECTS_PATH}`;
export const OBJECTS_LITE_ENDPOINT = `GET ${OBJECTS_LITE_PATH}`;

export function getProfile(http: Http, e?: Extra): Promise<Profile> {
  return call(http, 'GET', PROFILE_PATH, profile, extra(e));
}
export function listObjects(http: Http, e?: Extra): Promise<FleetObject[]> {
  return call(http, 'GET', OBJECTS_PATH, objects, extra(e));
}
export function getObject(http: Http, id: number, e?: Extra): Promise<FleetObject> {
  return call(http, 'GET', `/api/Objects/${seg(id)}`, object, extra(e));
}
export function listObjectsLite(http: Http, e?: Extra): Promise<LiteObject[]> {
  return call(http, 'GET', OBJECTS_LITE_PATH, lites, extra(e));
}
export function getObjectLite(http: Http, id: number, e?: Extra): Promise<LiteObject> {
  return call(http, 'GET', `/api/Objects/lite/${seg(id)}`, lite, extra(e));
}
export function getObjectByImei(http: Http, imei: string, e?: Extra): Promise<FleetObject> {
  return call(http, 'GET', `/api/Objects/byimei/${seg(imei)}`, object, extra(e));
}
/** Look-up by name: the answer may be one object or a list; always returned as a list. */
export function getObjectsByName(http: Http, name: string, e?: Extra): Promise<FleetObject[]> {
  return call(http, 'GET', `/api/Objects/byname/${seg(name)}`, objectsFromOneOrMany, extra(e));
}
/** true when the IMEI can be used for a new object. Accepts true/false or {Available|IsAvailable|Result}. */
export function isImeiAvailable(http: Http, imei: string, e?: Extra): Promise<boolean> {
  return call(http, 'GET', `/api/Objects/imei/${seg(imei)}/available`, (raw, ep) => booleanFrom(raw, ep, ['Available', 'IsAvailable', 'Result', 'Value', 'Free']), extra(e));
}
export function listObjectsOfCompany(http: Http, companyId: number, e?: Extra): Promise<FleetObject[]> {
  return call(http, 'GET', `/api/Objects/company/${seg(companyId)}`, objects, extra(e));
}
/** Supported device models: records or plain names, as the server sends them. */
export function listDeviceModels(http: Http, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'GET', '/api/Objects/models', looseList, extra(e));
}
export function listObjectIcons(http: Http, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'GET', '/api/Objects/Icons', looseList, extra(e));
}
export function listTrendIcons(http: Http, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'GET', '/api/Objects/TrendIcons', looseList, extra(e));
}
/** POST /api/Objects/geticons: a read (safe to retry). The body (ids) is passed as given. */
export function getIcons(http: Http, body: unknown, e?: Extra): Promise<Array<LooseItem | string | number>> {
  return call(http, 'POST', '/api/Objects/geticons', looseList, { body, idempotent: true, ...extra(e) });
}
/** Assigns icon `iconId` to the objects: idempotent (same result when repeated). */
export function setObjectsIcon(http: Http, iconId: number, objectIds: number[], e?: Extra): Promise<void> {
  return call(http, 'POST', `/api/Objects/seticon/${seg(iconId)}`, ignoreBody, { body: objectIds, idempotent: true, ...extra(e) });
}
/** Current odometer value; a bare number or {Value|Odometer}. */
export function getOdometer(http: Http, objectId: number, e?: Extra): Promise<number> {
  return call(http, 'GET', `/api/Objects/odometer/${seg(objectId)}`, (raw, ep) => numberFrom(raw, ep, ['Value', 'Odometer', 'Km', 'Length']), extra(e));
}
/** Current engine hours, from the same answer as the odometer ({EngineHours|EngineTime|Hours}). */
export function getEngineHours(http: Http, objectId: number, e?: Extra): Promise<number> {
  return call(http, 'GET', `/api/Objects/odometer/${seg(objectId)}`, (raw, ep) => numberFrom(raw, ep, ['EngineHours', 'EngineTime', 'Hours']), extra(e));
}
export function syncOdometer(http: Http, id: number, value: number, e?: Extra): Promise<void> {
  return call(http, 'PUT', `/api/Objects/SyncOdometer/${seg(id)}/${seg(value)}`, ignoreBody, { idempotent: true, ...extra(e) });
}
export function syncEngineTime(http: Http, id: number, value: number, e?: Extra): Promise<void> {
  return call(http, 'PUT', `/api/Objects/SyncEngineTime/${seg(id)}/${seg(value)}`, ignoreBody, { idempotent: true, ...extra(e) });
}
/** Transfer objects to another owner; body shape unshown, passed as given. */
export function setObjectsOwner(http: Http, body: unknown, e?: Extra): Promise<WriteResult> {
  return call(http, 'POST', '/api/Objects/setowner', writeResult, { body, idempotent: true, ...extra(e) });
}
/** Set the paid-until date; body shape unshown, passed as given. */
export function setPaidTill(http: Http, body: unknown, e?: Extra): Promise<WriteResult> {
  return call(http, 'POST', '/api/Objects/payedtill', writeResult, { body, idempotent: true, ...extra(e) });
}
/** Create: not idempotent (a retry could create two). */
export function createObject(http: Http, object: Partial<FleetObject> & Record<string, unknown>, e?: Extra): Promise<WriteResult> {
  return call(http, 'POST', '/api/Objects', writeResult, { body: object, ...extra(e) });
}
export function updateObject(http: Http, object: Partial<FleetObject> & { Id: number }, e?: Extra): Promise<WriteResult> {
  return call(http, 'PUT', '/api/Objects', writeResult, { body: object, idempotent: true, ...extra(e) });
}
export function deleteObject(http: Http, id: number, e?: Extra): Promise<void> {
  return call(http, 'DELETE', `/api/Objects/${seg(id)}`, ignoreBody, { idempotent: true, ...extra(e) });
}
/** DELETE /api/Objects/delete with the list of ids as the body. */
export function deleteObjects(http: Http, ids: number[], e?: Extra): Promise<void> {
  return call(http, 'DELETE', '/api/Objects/delete', ignoreBody, { body: ids, idempotent: true, ...extra(e) });
}

// ── object groups ──
const group = one(ObjectGroupSchema);
const groups = many(ObjectGroupSchema);

export function listObjectGroups(http: Http, e?: Extra): Promise<ObjectGroup[]> {
  return call(http, 'GET', '/api/Objects/Groups', groups, extra(e));
}
export function getObjectGroup(http: Http, id: number, e?: Extra): Promise<ObjectGroup> {
  return call(http, 'GET', `/api/Objects/Groups/${seg(id)}`, group, extra(e));
}
export function createObjectGroup(http: Http, body: Record<string, unknown>, e?: Extra): Promise<WriteResult> {
  return call(http, 'POST', '/api/Objects/Groups', writeResult, { body, ...extra(e) });
}
export function updateObjectGroup(http: Http, body: Record<string, unknown> & { Id: number }, e?: Extra): Promise<WriteResult> {
  return call(http, 'PUT', '/api/Objects/Groups', writeResult, { body, idempotent: true, ...extra(e) });
}
export function deleteObjectGroup(http: Http, id: number, e?: Extra): Promise<void> {
  return call(http, 'DELETE', `/api/Objects/Groups/${seg(id)}`, ignoreBody, { idempotent: true, ...extra(e) });
}

export function objectsApi(http: Http) {
  return {
    profile: (e?: Extra) => getProfile(http, e),
    list: (e?: Extra) => listObjects(http, e),
    /** The profile and the list undecoded (they embed every object): the ingestor decodes them off the event loop. */
    // Each embeds every object: over 100 MB at 100,000, put down in a file as they arrive where a worker keeps them (decision 0060);
    // the list's hash tells an unchanged list without reading it.
    profileBody: (e?: Extra) => rawBody(http, PROFILE_PATH, e, {}),
    listBody: (e?: Extra) => rawBody(http, OBJECTS_PATH, e, { sha256: true }),
    get: (id: number, e?: Extra) => getObject(http, id, e),
    listLite: (e?: Extra) => listObjectsLite(http, e),
    /** The reduced list undecoded: a few megabytes the ingestor turns into a first sign-in's names. */
    liteBody: (e?: Extra) => rawBody(http, OBJECTS_LITE_PATH, e),
    getLite: (id: number, e?: Extra) => getObjectLite(http, id, e),
    getByImei: (imei: string, e?: Extra) => getObjectByImei(http, imei, e),
    findByName: (name: string, e?: Extra) => getObjectsByName(http, name, e),
    isImeiAvailable: (imei: string, e?: Extra) => isImeiAvailable(http, imei, e),
    listOfCompany: (companyId: number, e?: Extra) => listObjectsOfCompany(http, companyId, e),
    models: (e?: Extra) => listDeviceModels(http, e),
    icons: (e?: Extra) => listObjectIcons(http, e),
    trendIcons: (e?: Extra) => listTrendIcons(http, e),
    getIcons: (body: unknown, e?: Extra) => getIcons(http, body, e),
    setIcon: (iconId: number, objectIds: number[], e?: Extra) => setObjectsIcon(http, iconId, objectIds, e),
    odometer: (objectId: number, e?: Extra) => getOdometer(http, objectId, e),
    engineHours: (objectId: number, e?: Extra) => getEngineHours(http, objectId, e),
    syncOdometer: (id: number, value: number, e?: Extra) => syncOdometer(http, id, value, e),
    syncEngineTime: (id: number, value: number, e?: Extra) => syncEngineTime(http, id, value, e),
    setOwner: (body: unknown, e?: Extra) => setObjectsOwner(http, body, e),
    setPaidTill: (body: unknown, e?: Extra) => setPaidTill(http, body, e),
    create: (o: Partial<FleetObject> & Record<string, unknown>, e?: Extra) => createObject(http, o, e),
    update: (o: Partial<FleetObject> & { Id: number }, e?: Extra) => updateObject(http, o, e),
    remove: (id: number, e?: Extra) => deleteObject(http, id, e),
    removeMany: (ids: number[], e?: Extra) => deleteObjects(http, ids, e),
  };
}

export function objectGroupsApi(http: Http) {
  return {
    list: (e?: Extra) => listObjectGroups(http, e),
    get: (id: number, e?: Extra) => getObjectGroup(http, id, e),
    create: (body: Record<string, unknown>, e?: Extra) => createObjectGroup(http, body, e),
    update: (body: Record<string, unknown> & { Id: number }, e?: Extra) => updateObjectGroup(http, body, e),
    remove: (id: number, e?: Extra) => deleteObjectGroup(http, id, e),
  };
}

