import { useTranslation } from 'react-i18next';
import { numberText } from '../../ui/format';
import type { RecordsShape } from './record-shapes';

interface Props {
  label: string;
  shape: RecordsShape;
  tz: string;
  empty: string;
}

const MAX_ROWS = 2000;

/** A catalogue tab's records (record-shapes.ts says how each kind reads). */
export function RecordsTable({ label, shape, tz, empty }: Props) {
  const { t } = useTranslation('history');
  const { rows, columns } = shape;
  if (rows.length === 0) return <p className="muted">{empty}</p>;
  const shown = rows.slice(0, MAX_ROWS);
  return (
    <div className="records">
      <table role="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((r, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(r, tz)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > MAX_ROWS && (
        <p className="muted">
          {t('records.firstRows', { shown: numberText(MAX_ROWS), count: rows.length })}
        </p>
      )}
    </div>
  );
}
