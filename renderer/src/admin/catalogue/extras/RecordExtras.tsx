/** What a collection adds to the engine's form: the company page's statistics. */
import type { CatalogueRecord } from '../../../../../common/methods/catalogue';
import type { CollectionDesc } from '../descriptor';
import { CompanyStats } from './CompanyStats';

export function RecordExtras({ desc, record }: { desc: CollectionDesc; record: CatalogueRecord | null }) {
  if (desc.id === 'companies' && record) return <CompanyStats companyId={record.Id} />;
  return null;
}
