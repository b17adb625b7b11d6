import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIOD_BOUNDS, type Preferences } from '../../../common/methods/settings';
import { numberText } from '../ui/format';
import type { Save } from './use-save';

type PeriodKey = keyof typeof PERIOD_BOUNDS;

/** Each period as the operator types it: seconds, or minutes for the object list's long one. */
const FIELDS: { key: PeriodKey; label: string; unitMs: number }[] = [
  { key: 'statusPollMs', label: 'data.statusPoll', unitMs: 1000 },
  { key: 'objectsRefreshMs', label: 'data.objectsPoll', unitMs: 60_000 },
  { key: 'eventsPollMs', label: 'data.eventsPoll', unitMs: 1000 },
  { key: 'commandTimeoutMs', label: 'data.commandTimeout', unitMs: 1000 },
];

/** The poll periods and the command timeout, saved together; the core applies them to the running polls at once. */
export function PeriodsForm({ prefs, save, onError }: { prefs: Preferences; save: Save['save']; onError: (e: string) => void }) {
  const { t } = useTranslation('settings');
  const [draft, setDraft] = useState<Partial<Record<PeriodKey, string>>>({});
  const shown = (f: (typeof FIELDS)[number]) => draft[f.key] ?? String(prefs[f.key] / f.unitMs);
  const submit = () => {
    const changes: Partial<Preferences> = {};
    for (const f of FIELDS) {
      const ms = Math.round(Number(shown(f).replace(',', '.')) * f.unitMs);
      const { min, max } = PERIOD_BOUNDS[f.key];
      // Said here in the operator's language; the core checks the same bounds again.
      if (!Number.isFinite(ms) || ms < min || ms > max) return onError(t('data.range', { what: t(f.label), min: numberText(min / f.unitMs), max: numberText(max / f.unitMs) }));
      if (ms !== prefs[f.key]) changes[f.key] = ms;
    }
    if (Object.keys(changes).length === 0) return setDraft({});
    void save(changes).then((ok) => ok && setDraft({}));
  };
  return (
    <form
      className="st-periods"
      aria-labelledby="st-periods-save"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {FIELDS.map((f) => (
        <label key={f.key} className="st-field">
          {t(f.label)}
          <input type="text" inputMode="decimal" size={6} value={shown(f)} onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.currentTarget.value }))} />
        </label>
      ))}
      <button type="submit" id="st-periods-save">
        {t('data.save')}
      </button>
    </form>
  );
}
