/**
 * The catalogue collections the Admin screen edits: each one's editable fields as a zod
 * schema (the renderer's forms validate with it first, the core again before sending), and
 * what the service offers for it. Shapes: the interface's own, plus the simulator's
 * documentation of what the interface leaves unshown (simulator/README.md).
 */
import { z } from 'zod';
import { GeozoneFieldsSchema } from './methods/geozones';

export const COLLECTIONS = [
  'objectGroups',
  'geozoneGroups',
  'driverGroups',
  'driverKeyGroups',
  'eventSettingGroups',
  'drivers',
  'driverKeys',
  'driverShifts',
  'driverPenalties',
  'eventSettings',
  'commandTemplates',
  'reportTemplates',
  'users',
  'companies',
  'objects',
  /** Edited on the map (Admin › Geozones), on this engine's writes and pending changes. */
  'geozones',
] as const;
export type CollectionId = (typeof COLLECTIONS)[number];
export const collectionId = z.enum(COLLECTIONS);

export type CatalogueOp = 'create' | 'update' | 'delete';

const name = z.string().trim().min(1, 'Give a name').max(200, 'At most 200 characters');
const color = z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour as #RRGGBB');
/** A reference to a record of another collection; 0 = none. */
const ref = z.coerce.number().int('A whole number').min(0, 'Not negative');
const whole = (min: number, max: number, words: string) =>
  z.coerce.number().int('A whole number').min(min, words).max(max, words);
/** A list of ids, typed as "3, 7, 12" in a form or sent as an array. */
const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean).map(Number) : v),
  z.array(z.number().int('Ids are whole numbers').min(1, 'Ids are positive')),
);
const text = z.string().max(500, 'At most 500 characters');

export const catalogueSchemas = {
  objectGroups: z.object({ Name: name, Color: color }),
  geozoneGroups: z.object({ Name: name, Color: color }),
  driverGroups: z.object({ Name: name }),
  driverKeyGroups: z.object({ Name: name }),
  eventSettingGroups: z.object({ Name: name }),
  drivers: z.object({ Name: name, GroupId: ref, Phone: text, LicenceNumber: text }),
  driverKeys: z.object({
    UId: z.string().trim().regex(/^[0-9A-Fa-f]{8,16}$/, 'A key code: 8 to 16 hexadecimal digits'),
    Name: text,
    GroupId: ref,
    DriverId: ref,
  }),
  driverShifts: z.object({
    Name: name,
    StartMinute: whole(0, 1439, 'Minutes after midnight: 0 to 1439'),
    DurationMinutes: whole(1, 1440, 'Minutes: 1 to 1440'),
    DriverIds: idList,
  }),
  driverPenalties: z.object({ Name: name, EventType: whole(1, 2 ** 31 - 1, 'An event kind (a positive bitmask)'), Points: whole(0, 1_000_000, 'Points: 0 or more') }),
  eventSettings: z.object({
    Name: name,
    GroupId: ref,
    EventType: whole(1, 2 ** 31 - 1, 'Choose at least one kind of event'),
    Enabled: z.boolean(),
    ObjectIds: idList,
  }),
  commandTemplates: z.object({ Name: name, Command: z.string().trim().min(1, 'Give the command text'), Destructive: z.boolean() }),
  reportTemplates: z.object({ Name: name }),
  users: z.object({
    Login: z.string().trim().min(1, 'Give a login').max(100, 'At most 100 characters'),
    Name: name,
    Email: z.union([z.literal(''), z.email('An e-mail address')]),
    IsAdmin: z.boolean(),
    CompanyId: ref,
    /** Write-only: empty keeps the current password. */
    Password: z.string().max(200).optional(),
  }),
  companies: z.object({
    Name: name,
    Country: text,
    TimeZone: text,
    Email: z.union([z.literal(''), z.email('An e-mail address')]),
    Phone: text,
    Active: z.boolean(),
  }),
  objects: z.object({
    Name: name,
    IMEI: z.string().trim().regex(/^\d{10,20}$/, 'An IMEI: 10 to 20 digits'),
    DeviceType: z.string().trim().max(100),
    StateNumber: text,
    Phone: text,
    Phone1: text,
    IconId: ref,
    TrackColor: color,
    MaxSpeed: whole(1, 400, 'km/h: 1 to 400'),
    Timeout: whole(1, 864_000, 'Seconds: 1 to 864000'),
    TimeZone: text,
    GroupIds: idList,
    Comment: text,
  }),
  geozones: GeozoneFieldsSchema,
} satisfies Record<CollectionId, z.ZodObject>;

export type CatalogueSchema<C extends CollectionId> = (typeof catalogueSchemas)[C];

/**
 * What the service offers for each collection, whatever the account's rights: penalties are
 * read and updated only, report templates cannot be created through the interface, companies
 * cannot be deleted.
 */
export const COLLECTION_OPS: Record<CollectionId, readonly CatalogueOp[]> = {
  objectGroups: ['create', 'update', 'delete'],
  geozoneGroups: ['create', 'update', 'delete'],
  driverGroups: ['create', 'update', 'delete'],
  driverKeyGroups: ['create', 'update', 'delete'],
  eventSettingGroups: ['create', 'update', 'delete'],
  drivers: ['create', 'update', 'delete'],
  driverKeys: ['create', 'update', 'delete'],
  driverShifts: ['create', 'update', 'delete'],
  driverPenalties: ['update'],
  eventSettings: ['create', 'update', 'delete'],
  commandTemplates: ['create', 'update', 'delete'],
  reportTemplates: ['update', 'delete'],
  users: ['create', 'update', 'delete'],
  companies: ['create', 'update'],
  objects: ['create', 'update', 'delete'],
  geozones: ['create', 'update', 'delete'],
};

/** The field a create is matched by when its outcome was unknown (IMEI for objects). */
export const IDENTITY_FIELD: Record<CollectionId, string> = Object.fromEntries(
  COLLECTIONS.map((c) => [c, c === 'objects' ? 'IMEI' : c === 'users' ? 'Login' : c === 'driverKeys' ? 'UId' : 'Name']),
) as Record<CollectionId, string>;

/** The schema's field that a server message names (word for word, any case), if one does. */
export function fieldNamedIn(collection: CollectionId, message: string): string | null {
  const fields = Object.keys(catalogueSchemas[collection].shape);
  // Longest first, so "GroupIds" wins over a shorter field it contains.
  for (const f of fields.sort((a, b) => b.length - a.length)) {
    if (new RegExp(`\\b${f}\\b`, 'i').test(message)) return f;
  }
  return null;
}

/** A pending change as the screens say it in the user's language: what, to which record, which fields. */
export interface ChangeWords {
  op: 'create' | 'update' | 'delete';
  collection: CollectionId;
  /** The record's name as it was (its login or key for those without one), else "#Id". */
  name: string;
  /** The fields an update sends. */
  fields: string[];
}

type Loose = Record<string, unknown> | null | undefined;

export function changeWords(p: { op: ChangeWords['op']; collection: CollectionId; id?: number | null | undefined; record?: Loose; base?: Loose }): ChangeWords {
  const r = p.op === 'create' ? p.record : (p.base ?? p.record);
  const named = r?.Name ?? r?.Login ?? r?.UId;
  return {
    op: p.op,
    collection: p.collection,
    name: typeof named === 'string' || typeof named === 'number' ? String(named) : `#${p.id ?? '?'}`,
    fields: p.op === 'update' ? Object.keys(p.record ?? {}).filter((k) => k !== 'Id') : [],
  };
}
