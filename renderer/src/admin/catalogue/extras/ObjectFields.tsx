/**
 * What objects add to the engine's fields: the IMEI asked of the service as it is typed
 * ("IMEI available" / "already in use"), and the device model picked from Objects/models.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { rpc, RpcError } from '../../../rpc/client';

type Values = Record<string, unknown>;

/** The availability of what is typed, asked 400 ms after the typing stops; the record's own IMEI is not asked. */
export function ImeiStatus({ control, name, own }: { control: Control<Values>; name: string; own: string | null }) {
  const { t } = useTranslation('admin');
  const value = String(useWatch({ control, name }) ?? '').trim();
  // The answer is kept as what it means, and said in the language of the moment it is drawn.
  const [answer, setAnswer] = useState<{ imei: string; free: boolean | null; why?: string } | null>(null);
  useEffect(() => {
    if (!/^\d{10,20}$/.test(value) || value === own) return;
    let live = true;
    const t = setTimeout(() => {
      rpc('catalogue/imeiAvailable', { imei: value }).then(
        (r) => live && setAnswer({ imei: value, free: r.available }),
        (e: unknown) => live && setAnswer({ imei: value, free: null, why: e instanceof RpcError ? e.text : String(e) }),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [value, own]);
  const shown = answer && answer.imei === value ? answer : null;
  const text = !shown ? '' : shown.free === null ? t('catalogue.imei.checkFailed', { why: shown.why ?? '' }) : shown.free ? t('catalogue.imei.free') : t('catalogue.imei.taken');
  return (
    <span role="status" aria-live="polite" className={shown?.free ? 'hint ok' : 'hint'}>
      {text}
    </span>
  );
}

export function ModelSelect({ control, name, described, disabled }: { control: Control<Values>; name: string; described: string | undefined; disabled: boolean }) {
  const { t } = useTranslation('admin');
  const [models, setModels] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    rpc('catalogue/models', {}).then(
      (r) => live && setModels(r.models),
      (e: unknown) => live && setError(e instanceof RpcError ? e.text : String(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const v = String(field.value ?? '');
        return (
          <>
            <select value={v} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} aria-describedby={described} disabled={disabled}>
              <option value="">{t('catalogue.chooseModel')}</option>
              {v !== '' && !models.includes(v) && <option value={v}>{v}</option>}
              {models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            {error && <span className="hint">{t('catalogue.modelsFailed', { why: error })}</span>}
          </>
        );
      }}
    />
  );
}
