import { KNOWN_KINDS } from './event-types';
import { soundPrefs, useMuted } from './sound-prefs';

/** A checkbox per event kind; unchecked kinds stay silent (kept across restarts). */
export function SoundMenu() {
  const muted = useMuted();
  return (
    <details className="menu">
      <summary>Sounds</summary>
      <fieldset>
        <legend>Beep for</legend>
        {KNOWN_KINDS.map((k) => (
          <label key={k.bit}>
            <input type="checkbox" checked={!muted.has(k.bit)} onChange={(e) => soundPrefs.setMuted(k.bit, !e.target.checked)} />
            {k.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
