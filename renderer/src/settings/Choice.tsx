/** A set of radio buttons that applies the operator's pick at once (a fieldset named by its legend). */
export interface ChoiceOption<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: readonly ChoiceOption<T>[];
  onPick: (value: T) => void;
  hint?: string;
}

export function Choice<T extends string>({ name, legend, value, options, onPick, hint }: Props<T>) {
  return (
    <fieldset className="st-choice">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onPick(o.value)} />
          {o.label}
        </label>
      ))}
      {hint && <p className="hint">{hint}</p>}
    </fieldset>
  );
}
