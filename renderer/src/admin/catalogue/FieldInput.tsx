/** One form field by its kind, bound to react-hook-form; errors under it, tied by aria-describedby. */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord } from '../../../../common/methods/catalogue';
import { rpc } from '../../rpc/client';
import { nameOf, type FieldDesc } from './descriptor';
import { ImeiStatus, ModelSelect } from './extras/ObjectFields';
import { fieldErrorText } from './field-error';

type Values = Record<string, unknown>;

/** A 'refs' list longer than this gets a name filter; at most REFS_SHOWN boxes are drawn at once. */
const REFS_FIND = 12;
const REFS_SHOWN = 200;

/** The records a reference field offers: the kept list at once, then the service's. */
function useOptions(of: CollectionId | undefined): CatalogueRecord[] {
  const [records, setRecords] = useState<CatalogueRecord[]>([]);
  useEffect(() => {
    if (!of) return;
    let live = true;
    void rpc('catalogue/list', { collection: of, cached: true })
      .then((l) => (live && setRecords(l.records), rpc('catalogue/list', { collection: of })))
      .then((l) => live && setRecords(l.records))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [of]);
  return records;
}

interface Props {
  field: FieldDesc;
  register: UseFormRegister<Values>;
  control: Control<Values>;
  errors: FieldErrors<Values>;
  disabled: boolean;
  /** The record as opened (null for a new one). */
  original: Record<string, unknown> | null;
}

export function FieldInput({ field: f, register, control, errors, disabled, original }: Props) {
  const { t } = useTranslation('admin');
  const errId = useId();
  const helpId = useId();
  const options = useOptions(f.kind === 'ref' || f.kind === 'refs' ? f.of : undefined);
  const [find, setFind] = useState('');
  const err = fieldErrorText(errors[f.name]);
  const label = t(f.label);
  const described = [err ? errId : '', f.help ? helpId : ''].filter(Boolean).join(' ') || undefined;
  const common = { 'aria-invalid': err ? true : undefined, 'aria-describedby': described, disabled } as const;
  let input;
  if (f.kind === 'checkbox') {
    return (
      <div className="field check">
        <label>
          <input type="checkbox" {...register(f.name)} {...common} /> {label}
        </label>
        {err && <span id={errId} className="field-error">{String(err)}</span>}
      </div>
    );
  }
  if (f.kind === 'bits') {
    return (
      <Controller
        control={control}
        name={f.name}
        render={({ field }) => {
          const v = typeof field.value === 'number' ? field.value : 0;
          return (
            <fieldset className="field bits" aria-describedby={described}>
              <legend>{label}</legend>
              {f.bits!.map((b) => (
                <label key={b.bit}>
                  <input type="checkbox" disabled={disabled} checked={(v & b.bit) !== 0} onChange={(e) => field.onChange(e.target.checked ? v | b.bit : v & ~b.bit)} /> {b.label}
                </label>
              ))}
              {err && <span id={errId} className="field-error">{String(err)}</span>}
            </fieldset>
          );
        }}
      />
    );
  }
  if (f.kind === 'refs') {
    return (
      <Controller
        control={control}
        name={f.name}
        render={({ field }) => {
          const chosen = new Set(Array.isArray(field.value) ? (field.value as number[]) : []);
          const toggle = (id: number, on: boolean) => field.onChange([...chosen, id].filter((x) => x !== id || on));
          const q = find.trim().toLowerCase();
          // Ticked ones stay in view; a long list (thousands of objects) is narrowed by name.
          const shown = options.filter((r) => chosen.has(r.Id) || !q || nameOf(r).toLowerCase().includes(q)).slice(0, REFS_SHOWN);
          return (
            <fieldset className="field refs" aria-describedby={described}>
              <legend>{label}</legend>
              {options.length === 0 && <span className="hint">{t('catalogue.noneToChoose')}</span>}
              {options.length > REFS_FIND && <input type="search" aria-label={t('catalogue.findIn', { field: label })} placeholder={t('catalogue.findByName')} value={find} onChange={(e) => setFind(e.target.value)} />}
              {shown.map((r) => (
                <label key={r.Id}>
                  <input type="checkbox" disabled={disabled} checked={chosen.has(r.Id)} onChange={(e) => toggle(r.Id, e.target.checked)} /> {nameOf(r)}
                </label>
              ))}
              {shown.length === REFS_SHOWN && options.length > REFS_SHOWN && <span className="hint">{t('catalogue.firstShown', { n: REFS_SHOWN })}</span>}
              {err && <span id={errId} className="field-error">{String(err)}</span>}
            </fieldset>
          );
        }}
      />
    );
  }
  if (f.kind === 'ids') {
    input = (
      <Controller
        control={control}
        name={f.name}
        render={({ field }) => (
          <input value={Array.isArray(field.value) ? field.value.join(', ') : String(field.value ?? '')} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} {...common} />
        )}
      />
    );
  } else if (f.kind === 'ref') {
    // Controlled: the options arrive after the form opens, and the chosen one must show then.
    input = (
      <Controller
        control={control}
        name={f.name}
        render={({ field }) => {
          const v = Number(field.value ?? 0);
          return (
            <select value={String(v)} onChange={(e) => field.onChange(Number(e.target.value))} onBlur={field.onBlur} {...common}>
              <option value="0">{t('catalogue.none')}</option>
              {v !== 0 && !options.some((r) => r.Id === v) && <option value={String(v)}>#{v}</option>}
              {options.map((r) => (
                <option key={r.Id} value={String(r.Id)}>
                  {nameOf(r)}
                </option>
              ))}
            </select>
          );
        }}
      />
    );
  } else if (f.kind === 'model') {
    input = <ModelSelect control={control} name={f.name} described={described} disabled={disabled} />;
  } else if (f.kind === 'imei') {
    input = (
      <>
        <input inputMode="numeric" autoComplete="off" spellCheck={false} {...register(f.name)} {...common} />
        <ImeiStatus control={control} name={f.name} own={typeof original?.[f.name] === 'string' ? (original[f.name] as string) : null} />
      </>
    );
  } else if (f.kind === 'textarea') {
    input = <textarea rows={3} {...register(f.name)} {...common} />;
  } else {
    const type = f.kind === 'number' ? 'number' : f.kind === 'color' ? 'color' : f.kind === 'password' ? 'password' : 'text';
    input = <input type={type} autoComplete={f.kind === 'password' ? 'new-password' : 'off'} spellCheck={false} {...register(f.name)} {...common} />;
  }
  return (
    <label className="field">
      {label}
      {input}
      {f.help && (
        <span id={helpId} className="hint">
          {t(f.help)}
        </span>
      )}
      {err && (
        <span id={errId} className="field-error" role="alert">
          {String(err)}
        </span>
      )}
    </label>
  );
}
