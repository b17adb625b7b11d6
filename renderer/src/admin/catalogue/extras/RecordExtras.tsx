/** What a collection adds below the engine's form: the company page's statistics, an object's sensors. */
import type { CatalogueRecord } from '../../../../../common/methods/catalogue';
import type { CollectionDesc } from '../descriptor';
import { CompanyStats } from './CompanyStats';
import { ObjectSensors } from './ObjectSensors';

export function RecordExtras({ desc, record }: { desc: CollectionDesc; record: CatalogueRecord | null }) {
  if (desc.id === 'companies' && record) return <CompanyStats companyId={record.Id} />;
  if (desc.id === 'objects' && record) return <ObjectSensors record={record} />;
  return null;
}
