/**
 * A browser-mode host whose map tiles come from a tiny tile server on 127.0.0.1 (never the
 * internet): the tile URL is written to a fresh data folder before the host starts.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTileServer, type TileServer } from '../../integration/tiles/tile-server';
import { startBrowserMode, type RunningHost } from './browser-mode';

/** `prefix` names the data folder (`fleet-e2e-map-` …), so a suite's leftovers can be told apart. */
export async function startMapHost(prefix: string): Promise<{ host: RunningHost; tiles: TileServer }> {
  const tiles = await startTileServer();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  writeFileSync(join(dataDir, 'settings.json'), JSON.stringify({ tileUrl: tiles.template }));
  return { host: await startBrowserMode({ dataDir }), tiles };
}
