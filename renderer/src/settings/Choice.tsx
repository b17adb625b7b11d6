/**
 * A set of radio buttons that applies the operator's pick at once (a fieldset named by its
 * legend). The pick shows while the core saves it; a refusal puts the saved value back.
 */
import { useState } from 'react';

export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: readonly ChoiceOption<T>[];
  onPick: (value: T) => unknown;
  hint?: string;
}

export function Choice<T extends string>({ name, legend, value, options, onPick, hint }: Props<T>) {
  const [pending, setPending] = useState<T | null>(null);
  const shown = pending ?? value;
  const pick = (v: T) => {
    setPending(v);
    void Promise.resolve(onPick(v)).finally(() => setPending(null));
  };
  return (
    <fieldset className="st-choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} checked={o.value === shown} onChange={() => pick(o.value)} />
          {o.label}
        </label>
      ))}
      {hint && <p className="hint">{hint}</p>}
    </fieldset>
  );
}
