import { z } from 'zod';
import { method } from '../define';

export interface Address {
  address: string | null;
  street: string | null;
  /** Why this coordinate could not be resolved (other coordinates are unaffected). */
  error: string | null;
  /** Served from the local cache (coordinates rounded to ~10 m). */
  cached: boolean;
}

const point = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

export const geocodeMethods = {
  /** Coalesced with every other pending lookup of the app into batched requests. */
  'geocode/address': method<Address>()(point),
  /** Many at once (a list view); results in the same order. */
  'geocode/addresses': method<{ results: Address[] }>()(z.object({ points: z.array(point).max(1_000) })),
};

export const geocodePushes = {};
