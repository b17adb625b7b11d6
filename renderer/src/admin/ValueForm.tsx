import { useTranslation } from 'react-i18next';
import type { AdminRow } from './admin-rows';
import type { ActionInfo } from './actions';
import { EACH_LIMIT, type Draft } from './draft';
import { ChoicePicker, IconPicker } from './Pickers';
import { useAdminReference } from './reference';
import { numberText } from '../ui/format';

interface Props {
  action: ActionInfo;
  targets: AdminRow[];
  draft: Draft;
  onDraft: (d: Draft) => void;
}

/** The value an action sets: a counter (one for all, or per object), a company, an icon, a group or a date. */
export function ValueForm({ action, targets, draft, onDraft }: Props) {
  const { t } = useTranslation('admin');
  const ref = useAdminReference();
  if (action.value === 'km' || action.value === 'hours') return <CounterFields action={action} targets={targets} draft={draft} onDraft={onDraft} />;
  if (action.value === 'company')
    return <ChoicePicker label={t('values.newOwner')} choices={ref.companies} value={draft.choice} onChange={(choice) => onDraft({ ...draft, choice })} error={ref.error} />;
  if (action.value === 'group')
    return <ChoicePicker label={t('values.group')} choices={ref.groups} value={draft.choice} onChange={(choice) => onDraft({ ...draft, choice })} error={ref.error} />;
  if (action.value === 'icon') return <IconPicker icons={[...ref.icons.values()]} value={draft.choice} onChange={(choice) => onDraft({ ...draft, choice })} error={ref.error} />;
  if (action.value === 'date')
    return (
      <label className="field">
        {t('values.paidTill')}
        {/* Typed, not type=date: Chromium draws that in the browser's locale (US order), unlike every other date here. */}
        <input type="text" placeholder={t('values.datePlaceholder')} inputMode="numeric" size={10} value={draft.date} onChange={(e) => onDraft({ ...draft, date: e.target.value.trim() })} required />
      </label>
    );
  return null;
}

function CounterFields({ action, targets, draft, onDraft }: Props) {
  const { t } = useTranslation('admin');
  const unit = action.value === 'km' ? t('units.km') : t('units.hours');
  const current = (r: AdminRow) => (action.value === 'km' ? r.odometer : r.engineHours);
  const canEach = targets.length <= EACH_LIMIT;
  return (
    <>
      <fieldset className="mode">
        <legend className="visually-hidden">{t('values.how')}</legend>
        <label>
          <input type="radio" name="counter-mode" checked={draft.mode === 'one'} onChange={() => onDraft({ ...draft, mode: 'one' })} /> {t('values.oneForAll')}
        </label>
        <label title={canEach ? undefined : t('values.tooManyForEach', { limit: EACH_LIMIT })}>
          <input type="radio" name="counter-mode" disabled={!canEach} checked={draft.mode === 'each'} onChange={() => onDraft({ ...draft, mode: 'each' })} /> {t('values.perObject')}
        </label>
      </fieldset>
      {draft.mode === 'one' ? (
        <label className="field">
          {t('values.newValue', { unit })}
          <input inputMode="decimal" value={draft.one} onChange={(e) => onDraft({ ...draft, one: e.target.value })} autoComplete="off" />
        </label>
      ) : (
        <ul className="each-values" aria-label={t('values.newPerObject', { unit })}>
          {targets.map((r) => {
            const c = current(r);
            return (
              <li key={r.id}>
                <label>
                  <span className="each-name">{r.name}</span>
                  <span className="hint">{t('values.now', { value: c === null ? t('common.unknown') : t('values.amount', { value: numberText(c, 1), unit }) })}</span>
                  <input
                    inputMode="decimal"
                    aria-label={t('values.newFor', { unit, name: r.name })}
                    value={draft.each[r.id] ?? ''}
                    onChange={(e) => onDraft({ ...draft, each: { ...draft.each, [r.id]: e.target.value } })}
                    autoComplete="off"
                  />
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
