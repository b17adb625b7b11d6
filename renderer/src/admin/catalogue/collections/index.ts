/** Every collection the Catalogue tab shows, in the order of its section list. */
import type { CollectionId } from '../../../../../common/catalogue';
import type { CollectionDesc } from '../descriptor';
import { accountCollections } from './accounts';
import { groupCollections } from './groups';
import { objectCollections } from './objects';
import { peopleCollections } from './people';
import { ruleCollections } from './rules';

const byId = new Map<CollectionId, CollectionDesc>(
  [...groupCollections, ...peopleCollections, ...ruleCollections, ...accountCollections, ...objectCollections].map((d) => [d.id, d]),
);

const ORDER: CollectionId[] = [
  'objectGroups', 'geozoneGroups', 'driverGroups', 'driverKeyGroups', 'eventSettingGroups',
  'drivers', 'driverKeys', 'driverShifts', 'driverPenalties', 'eventSettings',
  'commandTemplates', 'reportTemplates', 'users', 'companies', 'objects',
];

export const SECTIONS: CollectionDesc[] = ORDER.map((id) => byId.get(id)!);

export function describe(id: string): CollectionDesc | undefined {
  return byId.get(id as CollectionId);
}
