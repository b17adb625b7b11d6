/** Objects as the admin edits them: every documented field, found again by IMEI after an unknown outcome. */
import type { FleetApi, LooseRecord } from '../api';
import type { CollectionSource } from './source';

export function objectSources(api: FleetApi): CollectionSource[] {
  const o = api.objects;
  const asRecords = (xs: unknown[]) => xs as LooseRecord[];
  return [
    {
      id: 'objects',
      kind: 'adminObjects',
      list: async (e) => asRecords(await o.list(e)),
      get: async (id, e) => (await o.get(id, e)) as LooseRecord,
      create: (b, e) => o.create(b, e),
      update: (b, e) => o.update(b, e),
      remove: (id, e) => o.remove(id, e),
      async findBy(field, value, e) {
        if (field !== 'IMEI') return [];
        try {
          return [(await o.getByImei(value, e)) as LooseRecord];
        } catch (err) {
          if ((err as { code?: string }).code === 'not_found') return [];
          throw err;
        }
      },
    },
  ];
}
