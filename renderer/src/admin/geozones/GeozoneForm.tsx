/**
 * One geozone's fields (name, colour, group, a line's width) and its shape as the map has
 * it now: checked by the contract's own schema before anything is sent, then the service's
 * 400 message is shown at the field it names (else above the buttons).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { GeozoneDraftSchema, type GeozoneDraft, type GeozoneGroupsList } from '../../../../common/methods/geozones';
import { RpcError } from '../../rpc/client';
import { Dialog } from '../../ui/Dialog';
import { i18n } from '../../i18n';
import { numberText } from '../../ui/format';
import { fieldErrorText } from '../catalogue/field-error';

type Geometry = Pick<GeozoneDraft, 'Type' | 'Center' | 'Radius' | 'Points'>;
type Field = 'Name' | 'Color' | 'GroupId' | 'Width';

/** The form field a server message names ("Width: …", "Invalid request body: Name: …", "GroupId: 9 does not exist"). */
export function fieldOfMessage(message: string): Field | null {
  const m = /\b(Name|Color|GroupId|Width)\b/.exec(message);
  return m ? (m[1] as Field) : null;
}

/** The shape in words, in the console's language at the call. */
export function geometryText(g: Geometry): string {
  if (g.Type === 'Circle') return i18n.t('admin:geozones.geometry.circle', { radius: numberText(g.Radius ?? 0, 0) });
  return i18n.t(g.Type === 'Line' ? 'admin:geozones.geometry.line' : 'admin:geozones.geometry.polygon', { count: g.Points.length });
}

interface Props {
  /** null: a zone just drawn, not saved yet. */
  id: number | null;
  initial: GeozoneDraft;
  geometry: Geometry;
  groups: GeozoneGroupsList['groups'];
  readOnly: boolean;
  save: (draft: GeozoneDraft) => Promise<void>;
  remove: () => Promise<void>;
  cancel: () => void;
  preview: (look: { color?: string; width?: number }) => void;
  /** A 403: the screen turns read-only. */
  forbidden: (message: string) => void;
}

export function GeozoneForm({ id, initial, geometry, groups, readOnly, save, remove, cancel, preview, forbidden }: Props) {
  const { t } = useTranslation('admin');
  const form = useForm<GeozoneDraft>({ resolver: zodResolver(GeozoneDraftSchema), defaultValues: initial, disabled: readOnly });
  const { register, handleSubmit, setValue, setError, watch, formState } = form;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);

  // The shape is edited on the map, not here: it reaches the values (and the schema's checks) from there.
  useEffect(() => {
    setValue('Type', geometry.Type);
    setValue('Points', geometry.Points);
    if (geometry.Center) setValue('Center', geometry.Center);
    if (geometry.Radius !== undefined) setValue('Radius', geometry.Radius);
  }, [geometry, setValue]);

  const color = watch('Color');
  const width = watch('Width');
  useEffect(() => preview({ color, width: Number(width) || 0 }), [color, width, preview]);

  const failed = (e: unknown) => {
    const message = e instanceof RpcError ? (e.code === 'invalid_input' || e.code === 'forbidden' || e.code === 'offline' ? e.message : e.text) : String(e);
    if (e instanceof RpcError && e.code === 'forbidden') forbidden(message);
    const field = e instanceof RpcError && e.code === 'invalid_input' ? fieldOfMessage(message) : null;
    setError(field ?? 'root', { message });
  };
  const onSubmit = handleSubmit(async (draft) => {
    setBusy(true);
    try {
      await save(draft);
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  });
  const onDelete = async () => {
    setAsking(false);
    setBusy(true);
    try {
      await remove();
    } catch (e) {
      failed(e);
      setBusy(false);
    }
  };

  // The schema's English complaints said in the console's language (the service's own words stay as they came).
  const errors = formState.errors;
  const err = {
    Name: fieldErrorText(errors.Name),
    Color: fieldErrorText(errors.Color),
    GroupId: fieldErrorText(errors.GroupId),
    Width: fieldErrorText(errors.Width),
    root: fieldErrorText(errors.root),
  };
  const shapeError = fieldErrorText(errors.Points) ?? fieldErrorText(errors.Radius) ?? fieldErrorText(errors.Center);
  const title = id === null ? t('geozones.form.new') : t('geozones.form.one');
  // Bound here, not in the markup: field names are not words (the literal-words lint reads JSX).
  const fields = { name: register('Name'), color: register('Color'), group: register('GroupId', { valueAsNumber: true }), width: geometry.Type === 'Line' ? register('Width', { valueAsNumber: true }) : null };
  return (
    <form className="gz-form" aria-label={title} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h3>{title}</h3>
      <p className="gz-shape">{geometryText(geometry)}</p>
      {shapeError && <p className="gz-error" role="alert">{shapeError}</p>}
      <label>
        {t('catalogue.field.name')}
        <input {...fields.name} aria-invalid={err.Name ? true : undefined} aria-describedby={err.Name ? 'gz-name-error' : undefined} />
      </label>
      {err.Name && <p id="gz-name-error" className="gz-error">{err.Name}</p>}
      <div className="gz-row">
        <label>
          {t('catalogue.field.colour')}
          <input type="color" {...fields.color} aria-invalid={err.Color ? true : undefined} />
        </label>
        <label>
          {t('catalogue.field.group')}
          <select {...fields.group} aria-invalid={err.GroupId ? true : undefined}>
            <option value={0}>{t('geozones.form.noGroup')}</option>
            {groups.map((g) => (
              <option key={g.Id} value={g.Id}>
                {g.Name}
              </option>
            ))}
          </select>
        </label>
        {geometry.Type === 'Line' && (
          <label>
            {t('catalogue.field.width')}
            <input type="number" min={1} step={1} {...fields.width} aria-invalid={err.Width ? true : undefined} aria-describedby={err.Width ? 'gz-width-error' : undefined} />
          </label>
        )}
      </div>
      {err.Color && <p className="gz-error">{err.Color}</p>}
      {err.GroupId && <p className="gz-error">{err.GroupId}</p>}
      {err.Width && <p id="gz-width-error" className="gz-error">{err.Width}</p>}
      {err.root && <p className="gz-error" role="alert">{err.root}</p>}
      {!readOnly && (
        <div className="buttons">
          {id !== null && (
            <button type="button" className="danger" disabled={busy} onClick={() => setAsking(true)}>
              {t('geozones.form.deleteAsk')}
            </button>
          )}
          <span className="spacer" />
          <button type="button" disabled={busy} onClick={cancel}>
            {id === null ? t('geozones.form.discard') : t('common.cancel')}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {id === null ? t('geozones.form.create') : t('geozones.form.save')}
          </button>
        </div>
      )}
      {asking && (
        <Dialog title={t('geozones.form.deleteTitle')} role="alertdialog" describedBy="gz-delete-what" onClose={() => setAsking(false)} initialFocus={keep}>
          <div className="confirm">
            <p id="gz-delete-what">{t('geozones.form.deleteWhat', { name: initial.Name })}</p>
            <div className="buttons">
              <button ref={keep} type="button" onClick={() => setAsking(false)}>
                {t('catalogue.keep')}
              </button>
              <button type="button" className="danger" onClick={() => void onDelete()}>
                {t('catalogue.delete')}
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </form>
  );
}
