/** Every catalogue collection's source, by id. */
import type { CollectionId } from '../../../common/catalogue';
import type { FleetApi } from '../api';
import { groupSources } from './groups';
import { objectSources } from './objects';
import { peopleSources } from './people';
import { ruleSources } from './rules';
import type { CollectionSource } from './source';

export function collectionSources(api: FleetApi): Record<CollectionId, CollectionSource> {
  const all = [...groupSources(api), ...peopleSources(api), ...ruleSources(api), ...objectSources(api)];
  return Object.fromEntries(all.map((s) => [s.id, s])) as Record<CollectionId, CollectionSource>;
}
