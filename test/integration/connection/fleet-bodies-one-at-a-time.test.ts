/**
 * The fleet-sized bodies (status, object list, profile) go to the service one at a time:
 * asked together, a service that builds them one after another finished each only after all,
 * and at 50,000 objects every one of them ran out of its 20 s (docs/decisions/0040).
 * A real HTTP server on loopback counts the requests it is answering at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMITS } from '../../../main/core/api/body-limits';
import { connectionHttp } from '../../../main/core/connection/http';
import type { Credentials } from '../../../main/core/session/credentials';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function slowService(): Promise<{ baseUrl: string; most: () => number }> {
  let now = 0;
  let most = 0;
  server = createServer((_req, res) => {
    most = Math.max(most, ++now);
    setTimeout(() => {
      now--;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"Positions":[]}');
    }, 150);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
  return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`, most: () => most };
}

// Only the two members the HTTP clients call; nothing here signs in.
const credentials = { getToken: async () => 'token', onUnauthorized: async () => false } as unknown as Credentials;
const get = (http: ReturnType<typeof connectionHttp>['pollHttp'], path: string) =>
  http.request({ method: 'GET', path, endpoint: `GET ${path}`, parse: (raw) => raw });

describe('the connection HTTP clients', () => {
  it('send the fleet-sized bodies one at a time, and every one is answered', async () => {
    const svc = await slowService();
    const { pollHttp } = connectionHttp({ baseUrl: svc.baseUrl, credentials, bodyLimits: DEFAULT_BODY_LIMITS });
    const answers = await Promise.all(['/api/ObjectsStatus', '/api/Objects', '/api/Profile'].map((p) => get(pollHttp, p)));
    expect(answers).toHaveLength(3);
    expect(svc.most()).toBe(1);
  });

  it("leave the screens' requests side by side", async () => {
    const svc = await slowService();
    const { http } = connectionHttp({ baseUrl: svc.baseUrl, credentials, bodyLimits: DEFAULT_BODY_LIMITS });
    await Promise.all(['/api/Geozones', '/api/Drivers', '/api/Users'].map((p) => get(http, p)));
    expect(svc.most()).toBeGreaterThan(1);
  });
});
