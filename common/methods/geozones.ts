import { z } from 'zod';
import { method } from '../define';

/**
 * The profile's geozones as the service sends them (circles: Center + Radius in metres;
 * polygons: Points). Kept as unknown records: the map reads the fields it knows and
 * skips a zone it cannot draw, rather than failing the whole overlay.
 */
export interface GeozonesList {
  geozones: unknown[];
  /** When the list was last confirmed by the service (Unix ms), null if never. */
  fetchedAt: number | null;
}

export const geozonesMethods = {
  'geozones/list': method<GeozonesList>()(z.object({})),
};

export const geozonesPushes = {};
