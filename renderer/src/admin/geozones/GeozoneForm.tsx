/**
 * One geozone's fields (name, colour, group, a line's width) and its shape as the map has
 * it now: checked by the contract's own schema before anything is sent, then the service's
 * 400 message is shown at the field it names (else above the buttons).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { GeozoneDraftSchema, type GeozoneDraft, type GeozoneGroupsList } from '../../../../common/methods/geozones';
import { RpcError } from '../../rpc/client';
import { Dialog } from '../../ui/Dialog';
import { numberText } from '../../ui/format';

type Geometry = Pick<GeozoneDraft, 'Type' | 'Center' | 'Radius' | 'Points'>;
type Field = 'Name' | 'Color' | 'GroupId' | 'Width';

/** The form field a server message names ("Width: …", "Invalid request body: Name: …", "GroupId: 9 does not exist"). */
export function fieldOfMessage(message: string): Field | null {
  const m = /\b(Name|Color|GroupId|Width)\b/.exec(message);
  return m ? (m[1] as Field) : null;
}

export function geometryText(g: Geometry): string {
  if (g.Type === 'Circle') return `Circle, radius ${numberText(g.Radius ?? 0, 0)} m`;
  return `${g.Type === 'Line' ? 'Line' : 'Polygon'}, ${g.Points.length} points`;
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

  const err = formState.errors;
  const shapeError = err.Points?.message ?? err.Radius?.message ?? err.Center?.message;
  const title = id === null ? 'New geozone' : 'Geozone';
  return (
    <form className="gz-form" aria-label={title} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h3>{title}</h3>
      <p className="gz-shape">{geometryText(geometry)}</p>
      {shapeError && <p className="gz-error" role="alert">{shapeError}</p>}
      <label>
        Name
        <input {...register('Name')} aria-invalid={err.Name ? true : undefined} aria-describedby={err.Name ? 'gz-name-error' : undefined} />
      </label>
      {err.Name && <p id="gz-name-error" className="gz-error">{err.Name.message}</p>}
      <div className="gz-row">
        <label>
          Colour
          <input type="color" {...register('Color')} aria-invalid={err.Color ? true : undefined} />
        </label>
        <label>
          Group
          <select {...register('GroupId', { valueAsNumber: true })} aria-invalid={err.GroupId ? true : undefined}>
            <option value={0}>No group</option>
            {groups.map((g) => (
              <option key={g.Id} value={g.Id}>
                {g.Name}
              </option>
            ))}
          </select>
        </label>
        {geometry.Type === 'Line' && (
          <label>
            Width (m)
            <input type="number" min={1} step={1} {...register('Width', { valueAsNumber: true })} aria-invalid={err.Width ? true : undefined} aria-describedby={err.Width ? 'gz-width-error' : undefined} />
          </label>
        )}
      </div>
      {err.Color && <p className="gz-error">{err.Color.message}</p>}
      {err.GroupId && <p className="gz-error">{err.GroupId.message}</p>}
      {err.Width && <p id="gz-width-error" className="gz-error">{err.Width.message}</p>}
      {err.root && <p className="gz-error" role="alert">{err.root.message}</p>}
      {!readOnly && (
        <div className="buttons">
          {id !== null && (
            <button type="button" className="danger" disabled={busy} onClick={() => setAsking(true)}>
              Delete…
            </button>
          )}
          <span className="spacer" />
          <button type="button" disabled={busy} onClick={cancel}>
            {id === null ? 'Discard' : 'Cancel'}
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {id === null ? 'Create' : 'Save'}
          </button>
        </div>
      )}
      {asking && (
        <Dialog title="Delete this geozone?" role="alertdialog" describedBy="gz-delete-what" onClose={() => setAsking(false)} initialFocus={keep}>
          <div className="confirm">
            <p id="gz-delete-what">“{initial.Name}” is deleted on the server for every user. There is no undo.</p>
            <div className="buttons">
              <button ref={keep} type="button" onClick={() => setAsking(false)}>
                Keep it
              </button>
              <button type="button" className="danger" onClick={() => void onDelete()}>
                Delete
              </button>
            </div>
          </div>
        </Dialog>
      )}
    </form>
  );
}
