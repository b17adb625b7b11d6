import type { HandlerMap } from '../rpc/dispatcher';
import type { TileService } from '../tiles';

export function tilesHandlers(tiles: TileService): HandlerMap {
  return {
    'tiles/config': () => tiles.config(),
    'tiles/setUrl': (a) => tiles.setUrl(a.url),
    'tiles/get': (a) => tiles.get(a.z, a.x, a.y),
  };
}
