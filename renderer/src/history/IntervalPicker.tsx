import { useEffect, useMemo, useState } from 'react';
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
const DATE_FIELD = { placeholder: 'yyyy-mm-dd hh:mm', inputMode: 'numeric', spellCheck: false, autoComplete: 'off', size: 16 } as const;

/** Quick choices and free dates with times, read in the zone the screen names. */
export function IntervalPicker({ value, tz, objectTz, operatorTz, useObjectTz, onUseObjectTz, onChange }: Props) {
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
    if (from === null || till === null) return setError(`Write ${from === null ? 'the start' : 'the end'} as year-month-day and 24-hour time, e.g. ${formatLocal(Date.now(), tz)}.`);
    if (till <= from) return setError('The end must be after the start.');
    if (till - from > 400 * 86_400_000) return setError('At most 400 days at once.');
    setError(null);
    onChange({ from, till });
  };

  return (
    <div className="history-interval" role="group" aria-label="Interval">
      <div className="quick">
        {QUICK_RANGES.map((r) => (
          <button key={r.id} type="button" onClick={() => onChange(quickInterval(r.id, Date.now(), tz))}>
            {r.label}
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
          From
          <input type="text" {...DATE_FIELD} value={fromText} onChange={(e) => setFromText(e.target.value)} />
        </label>
        <label>
          To
          <input type="text" {...DATE_FIELD} value={tillText} onChange={(e) => setTillText(e.target.value)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <label className="tz" title="Dates, times and day boundaries are read in this zone">
        <input type="checkbox" checked={useObjectTz} disabled={!objectTz} onChange={(e) => onUseObjectTz(e.target.checked)} />
        Object’s time zone
      </label>
      <span className="tz-name" aria-label="Time zone in use">
        Times in {tz} ({offsets}){useObjectTz && objectTz ? ', the object’s zone' : objectTz && objectTz !== operatorTz ? `, yours; the object is in ${objectTz}` : ', yours'}
      </span>
      {error && <span role="alert" className="error">{error}</span>}
    </div>
  );
}
