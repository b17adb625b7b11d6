/** /__sim/: fault drills and the write log, outside /api/ so the interface stays clean. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Faults } from '../faults';
import type { Sim } from '../sim';
import { errorToResponse, readBody, sendError, sendJson } from './server';

export async function handleControl(sim: Sim, req: IncomingMessage, res: ServerResponse, path: string, onOutage: (f: Faults) => void): Promise<void> {
  const route = `${req.method} ${path.replace(/\/+$/, '')}`;
  if (route === 'GET /__sim/faults') return sendJson(res, 200, sim.faults.current);
  if (route === 'GET /__sim/faults/counts') return sendJson(res, 200, sim.faults.injected);
  if (route === 'DELETE /__sim/faults') {
    const f = sim.faults.clear();
    sendJson(res, 200, f);
    onOutage(f);
    return;
  }
  if (route === 'POST /__sim/faults') {
    let patch: Partial<Faults>;
    try {
      patch = JSON.parse((await readBody(req)).toString('utf8') || '{}') as Partial<Faults>;
      if (patch.pathPattern) new RegExp(patch.pathPattern);
    } catch {
      return sendError(res, 400, 'Body must be a JSON object of fault settings (see simulator/README.md)');
    }
    const f = sim.faults.set(patch);
    sendJson(res, 200, f);
    onOutage(f);
    return;
  }
  if (route === 'GET /__sim/log') return sendJson(res, 200, sim.log.list());
  if (route === 'DELETE /__sim/log') {
    sim.log.clear();
    return sendJson(res, 200, []);
  }
  if (route === 'GET /__sim/served') return sendJson(res, 200, sim.served.list());
  if (route === 'DELETE /__sim/served') {
    sim.served.clear();
    return sendJson(res, 200, []);
  }
  if (route === 'POST /__sim/clock') {
    let offsetMs: unknown;
    try {
      offsetMs = (JSON.parse((await readBody(req)).toString('utf8') || '{}') as { offsetMs?: unknown }).offsetMs;
    } catch {
      offsetMs = undefined;
    }
    if (typeof offsetMs !== 'number' || !Number.isFinite(offsetMs)) return sendError(res, 400, 'Body must be {"offsetMs": number}');
    if (offsetMs < sim.now() - Date.now() - 1000) return sendError(res, 400, 'The clock only moves forward');
    if (!sim.setClockOffset(offsetMs)) return sendError(res, 409, 'This simulator was started without --clock-offset-ms, or with a clock of its own');
    return sendJson(res, 200, { now: sim.now() });
  }
  if (route === 'GET /__sim/info') {
    return sendJson(res, 200, { seed: sim.opts.seed, objects: sim.world.objects.size, startTime: sim.startTime, now: sim.now(), historyHz: sim.opts.historyHz, dense: sim.opts.dense });
  }
  return sendError(res, 404, `No such control method: ${route}`);
}

/**
 * The control listener: /__sim/ on a port of its own, so a drill that closes the api port
 * (outage "refuse" without outageMs) can still be ended, and the process keeps running.
 */
export function listenControl(sim: Sim, host: string, port: number, onOutage: (f: Faults) => void): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const run = path.startsWith('/__sim/')
      ? handleControl(sim, req, res, path, onOutage)
      : Promise.resolve(sendError(res, 404, 'This is the simulator\'s control port: only /__sim/ is served here'));
    run.catch((e: unknown) => errorToResponse(res, e));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolve({
        port: addr && typeof addr === 'object' ? addr.port : port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
