/**
 * What objects add to the engine's fields: the IMEI asked of the service as it is typed
 * ("IMEI available" / "already in use"), and the device model picked from Objects/models.
 */
import { useEffect, useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { rpc, RpcError } from '../../../rpc/client';

type Values = Record<string, unknown>;

/** The availability of what is typed, asked 400 ms after the typing stops; the record's own IMEI is not asked. */
export function ImeiStatus({ control, name, own }: { control: Control<Values>; name: string; own: string | null }) {
  const value = String(useWatch({ control, name }) ?? '').trim();
  const [answer, setAnswer] = useState<{ imei: string; text: string } | null>(null);
  useEffect(() => {
    if (!/^\d{10,20}$/.test(value) || value === own) return;
    let live = true;
    const t = setTimeout(() => {
      rpc('catalogue/imeiAvailable', { imei: value }).then(
        (r) => live && setAnswer({ imei: value, text: r.available ? 'IMEI available' : 'IMEI already in use' }),
        (e: unknown) => live && setAnswer({ imei: value, text: `Could not check the IMEI: ${e instanceof RpcError ? e.text : String(e)}` }),
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [value, own]);
  const shown = answer && answer.imei === value ? answer.text : null;
  return (
    <span role="status" aria-live="polite" className={shown === 'IMEI available' ? 'hint ok' : 'hint'}>
      {shown ?? ''}
    </span>
  );
}

export function ModelSelect({ control, name, described, disabled }: { control: Control<Values>; name: string; described: string | undefined; disabled: boolean }) {
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
              <option value="">Choose a model</option>
              {v !== '' && !models.includes(v) && <option value={v}>{v}</option>}
              {models.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
            {error && <span className="hint">Models could not be read: {error}</span>}
          </>
        );
      }}
    />
  );
}
