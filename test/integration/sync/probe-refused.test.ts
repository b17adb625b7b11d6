/**
 * The outage probe over real HTTP on 127.0.0.1: a port where nothing listens is told from a
 * service that does not answer in time, because only the first makes the probe ask again
 * within half a second (sync/recovery.ts, REFUSED_PROBE_MS).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { networkErrorCodes } from '../../../main/core/api/errors';
import { createHttp } from '../../../main/core/api/http';
import { probeService } from '../../../main/core/sync/recovery';

const listening = (server: Server) => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const probeAt = (port: number) => probeService(createHttp({ baseUrl: `http://127.0.0.1:${port}`, getToken: async () => 't', retries: 0, maxRetryAfterMs: 0, timeoutMs: 300 })).then(() => null, (e: unknown) => e);

describe('the outage probe', () => {
  // Accepts connections and never answers.
  const silent = createServer(() => {});
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  it('carries the refusal when nothing listens, and not when the service is only slow', async () => {
    const closed = createServer();
    const port = await listening(closed);
    await new Promise((resolve) => closed.close(resolve));
    const refused = await probeAt(port);
    expect(refused).toBeInstanceOf(Error);
    expect(networkErrorCodes(refused)).toContain('ECONNREFUSED');

    const slow = await probeAt(await listening(silent));
    expect(slow).toBeInstanceOf(Error);
    expect(networkErrorCodes(slow)).not.toContain('ECONNREFUSED');
  });
});
