/**
 * A spare ingest thread compiles the exact-shape checks of a sign-in's first bodies while the
 * sign-in form waits (sync/ingest.ts `compileFirstBodyChecks`): the first status, names, list
 * and event feed of a real simulator are then read without compiling anything.
 */
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_FEED_ENDPOINT, parseEvents } from '../../../main/core/api/events';
import { OBJECTS_ENDPOINT, OBJECTS_LITE_ENDPOINT, parseObjectsList, parseObjectsLite } from '../../../main/core/api/objects';
import { STATUS_ENDPOINT, parseObjectsStatus } from '../../../main/core/api/status';
import { compileFirstBodyChecks } from '../../../main/core/sync/ingest';
import { startSimulator } from '../../../simulator';

type Sim = Awaited<ReturnType<typeof startSimulator>>;
let sim: Sim;
let token: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 9, objects: 60 });
  const t = await fetch(`${sim.baseUrl}/api/Token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: 'demo', Password: 'demo' }) });
  token = ((await t.json()) as { AccessToken: string }).AccessToken;
});
afterAll(() => sim.close());

const body = async (path: string): Promise<unknown> => (await fetch(`${sim.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

describe('the first bodies’ checks compiled ahead', () => {
  it('leaves nothing to compile when the first status, names, list and event feed are read', async () => {
    const [status, lite, list, feed] = await Promise.all(['/api/ObjectsStatus', '/api/Objects/lite', '/api/Objects', '/api/Events/feed'].map(body));
    const compile = vi.spyOn(Ajv.prototype, 'compile');
    compileFirstBodyChecks();
    expect(compile.mock.calls.length).toBeGreaterThanOrEqual(4);
    compile.mockClear();

    expect(parseObjectsStatus(status, STATUS_ENDPOINT, { exact: true }).Positions.length).toBeGreaterThan(10);
    expect(parseObjectsLite(lite, OBJECTS_LITE_ENDPOINT).length).toBeGreaterThan(10);
    expect(parseObjectsList(list, OBJECTS_ENDPOINT).length).toBeGreaterThan(10);
    expect(parseEvents(feed, EVENTS_FEED_ENDPOINT).length).toBeGreaterThan(0);
    expect(compile).not.toHaveBeenCalled();
  });
});
