import type { PreviewRow } from '../../../common/methods/jobs';
import { VirtualTable, type VColumn } from './VirtualTable';

const COLUMNS: VColumn<PreviewRow>[] = [
  { label: 'Row', width: '56px', cell: (r) => r.row ?? '' },
  { label: 'Object', width: 'minmax(140px, 1.4fr)', cell: (r) => r.name },
  { label: 'Now', width: 'minmax(100px, 1fr)', cell: (r) => r.current ?? 'unknown' },
  { label: 'New', width: 'minmax(100px, 1fr)', cell: (r) => <strong>{r.next}</strong> },
];

/** The dry run: per object, what it is now and what it will be. Nothing has been sent. */
export function PreviewTable({ rows, withRows }: { rows: PreviewRow[]; withRows: boolean }) {
  const columns = withRows ? COLUMNS : COLUMNS.slice(1);
  return <VirtualTable label="Preview: current and new values" columns={columns} rows={rows} rowKey={(r) => `${r.row ?? ''}:${r.objectId}`} height={300} />;
}
