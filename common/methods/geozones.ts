import { z } from 'zod';
import { method, push } from '../define';

/**
 * The profile's geozones as the service sends them (circles: Center + Radius in metres;
 * polygons: Points; lines: Points + Width in metres). Kept as unknown records: the map
 * reads the fields it knows and skips a zone it cannot draw, rather than failing the
 * whole overlay.
 */
export interface GeozonesList {
  geozones: unknown[];
  /** When the list was last confirmed by the service (Unix ms), null if never. */
  fetchedAt: number | null;
}

export interface GeozoneGroupsList {
  groups: { Id: number; Name: string; Color: string | null }[];
  fetchedAt: number | null;
}

export const GEOZONE_TYPES = ['Circle', 'Polygon', 'Line'] as const;
export type GeozoneType = (typeof GEOZONE_TYPES)[number];

const LatLngSchema = z.object({ Lat: z.number().min(-90).max(90), Lng: z.number().min(-180).max(180) });

/**
 * A geozone as the editor sends it: the same checks the service makes, so the form says
 * what is wrong before anything is sent (the service's own 400 still reaches the form).
 */
export const GeozoneFieldsSchema = z.object({
  Name: z.string().trim().min(1, 'A geozone needs a name').max(200, 'At most 200 characters'),
  Type: z.enum(GEOZONE_TYPES),
  Color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, 'A colour as #RRGGBB'),
  /** 0: no group. */
  GroupId: z.number().int().min(0),
  Center: LatLngSchema.optional(),
  /** Metres. */
  Radius: z.number().positive('The radius must be above 0 metres').optional(),
  Points: z.array(LatLngSchema),
  /** Metres: the corridor a line covers. */
  Width: z.number().min(0).optional(),
});

/** The fields with the checks a whole shape needs (the catalogue engine checks the fields alone: an update sends only what changed). */
export const GeozoneDraftSchema = GeozoneFieldsSchema.superRefine((d, ctx) => {
  if (d.Type === 'Circle' && (!d.Center || d.Radius === undefined)) ctx.addIssue({ code: 'custom', path: ['Radius'], message: 'A circle needs a centre and a radius' });
  if (d.Type === 'Polygon' && d.Points.length < 3) ctx.addIssue({ code: 'custom', path: ['Points'], message: 'A polygon needs at least 3 points' });
  if (d.Type === 'Line' && d.Points.length < 2) ctx.addIssue({ code: 'custom', path: ['Points'], message: 'A line needs at least 2 points' });
  if (d.Type === 'Line' && !((d.Width ?? 0) > 0)) ctx.addIssue({ code: 'custom', path: ['Width'], message: 'A line needs a width above 0 metres' });
});
export type GeozoneDraft = z.infer<typeof GeozoneDraftSchema>;

/**
 * A write's answer: the record as the service stored it, or, when the service did not answer,
 * the pending change it waits as (the catalogue engine's outbox: listed by `catalogue/pending`).
 */
export type GeozoneWritten =
  | { geozone: Record<string, unknown> & { Id: number }; queued?: undefined }
  | { geozone: null; queued: { pendingId: number; message: string } };

export const geozonesMethods = {
  'geozones/list': method<GeozonesList>()(z.object({})),
  'geozones/groups': method<GeozoneGroupsList>()(z.object({})),
  'geozones/create': method<GeozoneWritten>()(z.object({ zone: GeozoneDraftSchema }), { write: true }),
  'geozones/update': method<GeozoneWritten>()(z.object({ id: z.number().int().positive(), zone: GeozoneDraftSchema }), { write: true }),
  'geozones/delete': method<{ id: number; queued?: { pendingId: number; message: string } }>()(z.object({ id: z.number().int().positive() }), { write: true }),
};

export const geozonesPushes = {
  /** A geozone was created, changed or deleted from this console: the map redraws its overlay. */
  /** A geozone was changed here or by a replayed pending change (id null: reload the whole list). */
  'geozones/changed': push<{ id: number | null; change: 'created' | 'updated' | 'deleted' }>(),
};
