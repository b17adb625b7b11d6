import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUICK_RANGES, formatLocal, parseLocal, quickInterval, type Interval } from './interval';
import { offsetsText } from './time-format';

interface Props {
  value: Interval | null;
  tz: string;
  objectTz: string | null;
  operatorTz: string;
  useObjectTz: boolean;
  onUseObjectTz: (v: boolean) => void;
  onChange: (i: Interval) => void;
}

/**
 * Typed, not `datetime-local`: Chromium draws that field in the browser's locale (US:
 * 11/25/2026, 08:00 PM) whatever the page's lang says, so it could not read as every other
 * time in the console does. The text is checked on Show (ui/time.ts parseDateMinute).
 */
const DATE_FIELD = { inputMode: 'numeric', spellCheck: false, autoComplete: 'off', size: 16 } as const;

const MAX_DAYS = 400;

/** Quick choices and free dates with times, read in the zone the screen names. */
export function IntervalPicker({ value, tz, objectTz, operatorTz, useObjectTz, onUseObjectTz, onChange }: Props) {
  const { t } = useTranslation('history');
  const [fromText, setFromText] = useState('');
  const [tillText, setTillText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!value) return;
    setFromText(formatLocal(value.from, tz));
    setTillText(formatLocal(value.till, tz));
    // A new interval (a quick choice, a link) answers the mistake the error was about.
    setError(null);
  }, [value, tz]);
  const offsets = useMemo(() => {
    const now = Date.now();
    return offsetsText(value?.from ?? now, value?.till ?? now, tz);
  }, [value, tz]);

  const apply = () => {
    const from = parseLocal(fromText, tz);
    const till = parseLocal(tillText, tz);
    if (from === null || till === null) return setError(t(from === null ? 'interval.writeStart' : 'interval.writeEnd', { example: formatLocal(Date.now(), tz) }));
    if (till <= from) return setError(t('interval.endAfterStart'));
    if (till - from > MAX_DAYS * 86_400_000) return setError(t('interval.tooLong', { count: MAX_DAYS }));
    setError(null);
    onChange({ from, till });
  };

  return (
    <div className="history-interval" role="group" aria-label={t('interval.group')}>
      <div className="quick">
        {QUICK_RANGES.map((r) => (
          <button key={r.id} type="button" onClick={() => onChange(quickInterval(r.id, Date.now(), tz))}>
            {t(`interval.quick.${r.id}`)}
          </button>
        ))}
      </div>
      <form
        className="free"
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label>
          {t('interval.from')}
          <input type="text" {...DATE_FIELD} placeholder={t('interval.placeholder')} value={fromText} onChange={(e) => setFromText(e.target.value)} />
        </label>
        <label>
          {t('interval.to')}
          <input type="text" {...DATE_FIELD} placeholder={t('interval.placeholder')} value={tillText} onChange={(e) => setTillText(e.target.value)} />
        </label>
        <button type="submit">{t('interval.show')}</button>
      </form>
      <label className="tz" title={t('interval.zoneTitle')}>
        <input type="checkbox" checked={useObjectTz} disabled={!objectTz} onChange={(e) => onUseObjectTz(e.target.checked)} />
        {t('interval.objectZone')}
      </label>
      <span className="tz-name" aria-label={t('interval.zoneInUse')}>
        {useObjectTz && objectTz
          ? t('interval.zoneObject', { zone: tz, offsets })
          : objectTz && objectTz !== operatorTz
            ? t('interval.zoneYoursObjectElsewhere', { zone: tz, offsets, objectZone: objectTz })
            : t('interval.zoneYours', { zone: tz, offsets })}
      </span>
      {error && <span role="alert" className="error">{error}</span>}
    </div>
  );
}
