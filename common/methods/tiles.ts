import { z } from 'zod';
import { method } from '../define';
import { TILE_URL_MAX_LENGTH, isLinkLocalTemplate, isTileTemplate } from '../tile-url';

export { DEFAULT_TILE_URL } from '../tile-url';

/**
 * A tile URL template: http(s) only, with {z}, {x} and {y}; {s} (a subdomain) is allowed.
 * The main side fetches exactly what this template says and nothing else.
 */
export const TileUrlSchema = z
  .string()
  .trim()
  .max(TILE_URL_MAX_LENGTH)
  .refine(isTileTemplate, 'An http(s) address with {z}, {x} and {y}, like https://tile.openstreetmap.org/{z}/{x}/{y}.png')
  .refine((s) => !isLinkLocalTemplate(s), 'A tile source on a link-local address (169.254.x.x, fe80::) is not allowed: such addresses reach this machine\'s own network link, not a tile server');

export interface TilesConfig {
  url: string;
  defaultUrl: string;
  /** Changes whenever the URL does, so the renderer never shows one source's tiles for another. */
  version: string;
  /**
   * The source failed the last time a tile had to come from it: a page opened now starts by
   * saying tiles are unavailable and trying one, rather than asking for a screenful.
   */
  sourceDown?: boolean;
}

export interface TileImage {
  data: Uint8Array;
  contentType: string;
  /** From the local cache without asking the network (fresh, or the network failed). */
  cached: boolean;
}

const coord = z.number().int().min(0);

export const tilesMethods = {
  'tiles/config': method<TilesConfig>()(z.object({})),
  'tiles/setUrl': method<TilesConfig>()(z.object({ url: TileUrlSchema.nullable() }), { write: true }),
  /** One tile, from the cache or the configured source; not_found/offline when neither has it. */
  'tiles/get': method<TileImage>()(
    z
      .object({ z: coord.max(22), x: coord, y: coord })
      .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'Tile outside the world at this zoom'),
  ),
};

export const tilesPushes = {};
