import { describe, expect, it } from 'vitest';
import type { PushEnvelope } from '../../../common/envelope';
import type { ObjectsChanged } from '../../../common/methods/live';
import type { FleetObject } from '../../../common/resources';
import { createPushBus } from '../../../main/core/rpc/pushes';
import { createConnectivity } from '../../../main/core/sync/connectivity';
import { inThreadIngestor } from '../../../main/core/sync/ingest';
import { createLiveSync } from '../../../main/core/sync/live-sync';
import { useTempCaches } from '../cache/helpers';

const t = useTempCaches();

const vehicle = (id: number, name = `Van ${id}`): FleetObject =>
  ({ Id: id, Name: name, Sensors: [{ Id: id * 10, Name: 'Fuel', Source: 'lls1', DataType: 2, OnText: '', OffText: '' }] }) as FleetObject;

/** Object-list refreshes through the real ingestor and cache, fed list bodies this test writes. */
describe('objects/changed: a delta for a few changes, "reload" for many', () => {
  it('sends the changed and removed objects up to the limit, and asks windows to reload above it', async () => {
    const cache = t.open({ dataDir: t.tempDir() });
    let list: FleetObject[] = [];
    const unused = () => Promise.reject(new Error('not used by this test'));
    const bus = createPushBus();
    const pushes: ObjectsChanged[] = [];
    bus.subscribe((p: PushEnvelope) => {
      if (p.name === 'objects/changed') pushes.push(p.args as ObjectsChanged);
    });
    let clock = 1_000;
    const sync = createLiveSync({
      api: { listObjectsBody: async () => JSON.stringify(list), profileBody: unused, getObjectsStatusBody: unused, reference: [] },
      cache,
      ingestor: inThreadIngestor(cache),
      bus,
      connectivity: createConnectivity(() => {}),
      statusPollMs: () => 60_000,
      objectsRefreshMs: () => 600_000,
      now: () => clock,
      objectsDeltaMax: 3,
    });

    // A new fleet of ten: more than the limit, so windows read the list again.
    list = Array.from({ length: 10 }, (_, i) => vehicle(i + 1));
    await sync.refreshObjects();
    expect(pushes).toEqual([{ upserted: [], removed: [], reload: true, fetchedAt: 1_000 }]);
    expect(cache.objects.summaries()).toHaveLength(10);

    // Two renamed and one gone: three changes, sent as they are, without sensors.
    pushes.length = 0;
    clock = 2_000;
    list = list.filter((o) => o.Id !== 4).map((o) => (o.Id === 2 || o.Id === 7 ? vehicle(o.Id, `Van ${o.Id} (spare)`) : o));
    await sync.refreshObjects();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ removed: [4], reload: false, fetchedAt: 2_000 });
    expect(pushes[0]!.upserted.map((o) => [o.Id, o.Name, 'Sensors' in o])).toEqual([
      [2, 'Van 2 (spare)', false],
      [7, 'Van 7 (spare)', false],
    ]);

    // Nothing changed: nothing sent. Then five renamed at once: over the limit again.
    pushes.length = 0;
    await sync.refreshObjects();
    expect(pushes).toEqual([]);
    list = list.map((o) => (o.Id <= 6 ? vehicle(o.Id, `Bus ${o.Id}`) : o));
    await sync.refreshObjects();
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ upserted: [], removed: [], reload: true });
  });
});
