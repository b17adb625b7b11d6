/**
 * The tile loader in a worker thread of its own (an instance of the worker entry,
 * sync/ingest-worker.ts): fetching a tile, reading and writing the tile cache all ran on
 * the main thread, and a pan over unseen ground asks for tens at once; their fetches,
 * SQLite reads and batched writes were most of the host's stalls while the operator panned.
 * The main side now only relays bytes.
 */
import type { TileImage } from '../../../common/methods/tiles';
import type { IngestWorkerScript } from '../sync/ingest';
import { errorReply, startWorkerClient } from '../sync/worker-client';
import { createTileLoader, type TileLoader, type TileLoaderOptions } from './index';

interface TileRequest {
  id: number;
  kind: 'tile';
  template: string;
  z: number;
  x: number;
  y: number;
}
interface TileCloseRequest {
  id: number;
  kind: 'tile-close';
}

/** What the worker entry is given to serve tiles rather than a cache file. */
export interface TileWorkerData {
  tilesDir: string;
}

export function workerTileLoader(script: IngestWorkerScript, dataDir: string): TileLoader {
  const w = startWorkerClient(script, { tilesDir: dataDir } satisfies TileWorkerData, 'tile worker');
  return {
    get: (template, z, x, y) => w.request<TileImage>((id) => ({ msg: { id, kind: 'tile', template, z, x, y } satisfies TileRequest })),
    async close() {
      // The cache writes new tiles in batches: the last one is written before the thread goes.
      // A worker that died took its batch with it: a fresh one is not started just to close.
      if (w.running) await w.request((id) => ({ msg: { id, kind: 'tile-close' } satisfies TileCloseRequest })).catch(() => {});
      await w.close();
    },
  };
}

interface Port {
  on(ev: 'message', cb: (m: { kind?: unknown }) => void): void;
  postMessage(m: unknown, transfer?: ArrayBuffer[]): void;
}

/** The worker side, called from sync/ingest-worker.ts. */
export function serveTiles(port: Port, o: TileLoaderOptions): void {
  const loader = createTileLoader(o);
  port.on('message', (m) => {
    if (m.kind === 'tile-close') {
      void loader.close().then(() => port.postMessage({ id: (m as TileCloseRequest).id, result: null }));
      return;
    }
    if (m.kind !== 'tile') return;
    const { id, template, z, x, y } = m as TileRequest;
    loader.get(template, z, x, y).then(
      (img) => {
        // A copy to hand over: the cache may still hold these bytes for its next write.
        const data = new Uint8Array(img.data);
        port.postMessage({ id, result: { ...img, data } }, [data.buffer]);
      },
      (e: unknown) => port.postMessage(errorReply(id, e)),
    );
  });
}
