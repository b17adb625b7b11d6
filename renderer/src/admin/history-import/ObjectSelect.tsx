import { useTranslation } from 'react-i18next';
import type { AdminObjectRow } from '../../../../common/methods/jobs';

/** The object a file is for, by name and IMEI. */
export function ObjectSelect({ objects, value, label, onPick }: { objects: readonly AdminObjectRow[]; value: number | null; label: string; onPick: (id: number | null) => void }) {
  const { t } = useTranslation('admin');
  return (
    <select aria-label={label} value={value ?? ''} onChange={(e) => onPick(e.target.value ? Number(e.target.value) : null)}>
      <option value="">{t('historyImport.chooseObject')}</option>
      {objects.map((o) => (
        <option key={o.id} value={o.id}>{o.imei ? `${o.name} (${o.imei})` : o.name}</option>
      ))}
    </select>
  );
}
