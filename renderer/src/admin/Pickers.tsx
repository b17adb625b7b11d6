import { useTranslation } from 'react-i18next';
import type { AdminChoice } from '../../../common/methods/jobs';
import type { IconView } from './reference';

interface ChoiceProps {
  label: string;
  choices: AdminChoice[];
  value: number | null;
  onChange: (id: number | null) => void;
  error: string | null;
}

/** A company or a group, chosen by name (the service's list, sorted). */
export function ChoicePicker({ label, choices, value, onChange, error }: ChoiceProps) {
  const { t } = useTranslation('admin');
  return (
    <label className="field">
      {label}
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
        <option value="">{choices.length ? t('pickers.choose') : error ? t('pickers.listFailed') : t('common.loading')}</option>
        {choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && <span className="error">{error}</span>}
    </label>
  );
}

/** The service's icons as pictures: a radio group, so arrows move between them. */
export function IconPicker({ icons, value, onChange, error }: { icons: IconView[]; value: number | null; onChange: (id: number) => void; error: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="icon-picker">
      <legend>{t('pickers.icon')}</legend>
      {icons.length === 0 && <p className="hint">{error ?? t('pickers.loadingIcons')}</p>}
      <div className="icon-grid">
        {icons.map((i) => (
          <label key={i.id} className={value === i.id ? 'chosen' : undefined} title={i.name}>
            <input type="radio" name="icon" className="visually-hidden" checked={value === i.id} onChange={() => onChange(i.id)} aria-label={i.name} />
            {i.image ? <img src={i.image} alt="" width={24} height={24} /> : <span aria-hidden="true">#{i.id}</span>}
            <span className="icon-name">{i.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
