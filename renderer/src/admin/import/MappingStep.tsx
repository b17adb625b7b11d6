import { useTranslation } from 'react-i18next';
import { IMPORT_FIELDS, type ImportField, type ImportSheet, type JobKind } from '../../../../common/methods/jobs';
import { kindNoun } from '../actions';
import { fieldLabel, kindsFor, mappingProblem } from './import-model';

interface Props {
  sheet: ImportSheet;
  mapping: ImportField[];
  onMapping: (m: ImportField[]) => void;
  kind: JobKind | null;
  onKind: (k: JobKind) => void;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  onNext: () => void;
}

/** Step 2: what each column holds (guessed from its header and cells; the user corrects it), and which value to set. */
export function MappingStep({ sheet, mapping, onMapping, kind, onKind, busy, error, onBack, onNext }: Props) {
  const { t } = useTranslation('admin');
  const kinds = kindsFor(mapping);
  const problem = mappingProblem(mapping);
  const chosen = kind && kinds.includes(kind) ? kind : (kinds[0] ?? null);
  return (
    <section className="import-step" aria-label={t('import.map.step')}>
      <p>{t('import.map.summary', { file: sheet.fileName, rows: t('import.map.rows', { count: sheet.rowCount }), columns: t('import.map.columns', { count: sheet.columns.length }) })}</p>
      <div className="mapping-scroll">
        <table className="mapping">
          <thead>
            <tr>
              {sheet.columns.map((c, i) => (
                <th key={i} scope="col">
                  <span className="col-name">{c || t('import.map.columnN', { n: i + 1 })}</span>
                  <select
                    aria-label={t('import.map.holds', { column: c || t('import.map.columnN', { n: i + 1 }) })}
                    value={mapping[i] ?? 'ignore'}
                    onChange={(e) => onMapping(mapping.map((m, j) => (j === i ? (e.target.value as ImportField) : m)))}
                  >
                    {IMPORT_FIELDS.map((f) => (
                      <option key={f} value={f}>
                        {fieldLabel(f)}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.sample.slice(0, 5).map((r, i) => (
              <tr key={i}>
                {sheet.columns.map((_, j) => (
                  <td key={j}>{r[j] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {kinds.length > 1 && (
        <label className="field inline">
          {t('import.map.whatToSet')}
          <select value={chosen ?? ''} onChange={(e) => onKind(e.target.value as JobKind)}>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindNoun(k)}
              </option>
            ))}
          </select>
        </label>
      )}
      {(problem ?? error) && (
        <p role="alert" className={problem ? 'warning' : 'error'}>
          {problem ?? error}
        </p>
      )}
      <div className="buttons">
        <button type="button" onClick={onBack}>
          {t('import.map.anotherFile')}
        </button>
        <button type="button" className="primary" disabled={problem !== null || busy} aria-busy={busy} onClick={onNext}>
          {busy ? t('import.map.matching') : t('import.map.match', { count: sheet.rowCount })}
        </button>
      </div>
    </section>
  );
}
