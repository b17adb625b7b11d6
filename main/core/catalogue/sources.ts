/** Every catalogue collection's source, by id. */
import type { CollectionId } from '../../../common/catalogue';
import type { FleetApi } from '../api';
import { groupSources } from './groups';
import { objectSources } from './objects';
import { peopleSources } from './people';
import { ruleSources } from './rules';
import { crudSource, type CollectionSource } from './source';

export function collectionSources(api: FleetApi): Record<CollectionId, CollectionSource> {
  // Geozones: the map editor's writes (`../services/geozones.ts`) ride this engine too.
  const geozones = crudSource('geozones', 'geozones', api.geozones);
  const all = [...groupSources(api), ...peopleSources(api), ...ruleSources(api), ...objectSources(api), geozones];
  return Object.fromEntries(all.map((s) => [s.id, s])) as Record<CollectionId, CollectionSource>;
}
