import { useTranslation } from 'react-i18next';
import type { PreviewRow } from '../../../common/methods/jobs';
import { VirtualTable, type VColumn } from './VirtualTable';

/** Column headers are keys of the admin namespace, read when the table is drawn. */
const COLUMNS: VColumn<PreviewRow>[] = [
  { label: 'preview.row', width: '56px', cell: (r) => r.row ?? '' },
  { label: 'preview.object', width: 'minmax(140px, 1.4fr)', cell: (r) => r.name },
  { label: 'preview.now', width: 'minmax(100px, 1fr)', cell: (r) => r.current ?? <Unknown /> },
  { label: 'preview.new', width: 'minmax(100px, 1fr)', cell: (r) => <strong>{r.next}</strong> },
];

function Unknown() {
  const { t } = useTranslation('admin');
  return <>{t('common.unknown')}</>;
}

/** The dry run: per object, what it is now and what it will be. Nothing has been sent. */
export function PreviewTable({ rows, withRows }: { rows: PreviewRow[]; withRows: boolean }) {
  const { t } = useTranslation('admin');
  const columns = (withRows ? COLUMNS : COLUMNS.slice(1)).map((c) => ({ ...c, label: t(c.label) }));
  return <VirtualTable label={t('preview.label')} columns={columns} rows={rows} rowKey={(r) => `${r.row ?? ''}:${r.objectId}`} height={300} />;
}
