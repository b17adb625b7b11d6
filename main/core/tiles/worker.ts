/**
 * The tile loader in a worker thread of its own (the worker entry in the role `tiles`,
 * workers/entry.ts): fetching a tile, reading and writing the tile cache all ran on
 * the main thread, and a pan over unseen ground asks for tens at once; their fetches,
 * SQLite reads and batched writes were most of the host's stalls while the operator panned.
 * The main side now only relays bytes.
 */
import type { Handlers, WorkerScript } from '../workers/protocol';
import { startRole } from '../workers/roles';
import { createTileLoader, type TileLoader, type TileLoaderOptions } from './index';
import type { TileMessages } from './worker-messages';

export function workerTileLoader(script: WorkerScript, dataDir: string): TileLoader {
  // Started by the first tile asked for, after the window's first render: at launch the
  // cores go to the host, the page and the poll ingestor, which the fleet on screen waits on.
  const w = startRole(script, { role: 'tiles', tilesDir: dataDir }, 'tile worker', { deferred: true });
  return {
    get: (template, z, x, y) => w.request('tile', { template, z, x, y }),
    async close() {
      // The cache writes new tiles in batches: the last one is written before the thread goes.
      // A worker that died took its batch with it: a fresh one is not started just to close.
      if (w.running) await w.request('close', {}).catch(() => {});
      await w.close();
    },
  };
}

/** The worker side, served by the entry (workers/entry.ts). */
export function tileHandlers(o: TileLoaderOptions): Handlers<TileMessages> {
  const loader = createTileLoader(o);
  return {
    close: () => loader.close().then(() => null),
    tile: ({ template, z, x, y }, ctx) =>
      loader.get(template, z, x, y).then((img) => {
        // A copy to hand over: the cache may still hold these bytes for its next write.
        const data = new Uint8Array(img.data);
        ctx.transfer.push(data.buffer);
        return { ...img, data };
      }),
  };
}
