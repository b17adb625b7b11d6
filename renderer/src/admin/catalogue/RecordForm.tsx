/**
 * A record's details form: the collection's shared zod schema validates first (zodResolver),
 * then the service; its refusal is shown at the field it names, or above the buttons. Delete
 * asks first. A collection the account may not change shows the form read-only.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type Resolver } from 'react-hook-form';
import { catalogueSchemas, COLLECTION_OPS } from '../../../../common/catalogue';
import type { CatalogueRecord, CatalogueWrite } from '../../../../common/methods/catalogue';
import { rpc, RpcError } from '../../rpc/client';
import { Dialog } from '../../ui/Dialog';
import { collectionKey, nameOf, type CollectionDesc } from './descriptor';
import { FieldInput } from './FieldInput';
import { RuleSentence } from './RuleSentence';

type Values = Record<string, unknown>;

interface Props {
  desc: CollectionDesc;
  /** null: a new record. */
  record: CatalogueRecord | null;
  readOnly: boolean;
  onDone: (saved: CatalogueRecord | null) => void;
  /** What a collection adds to its form (the IMEI check, the company's statistics). */
  extra?: ReactNode;
}

const words = (e: unknown) => (e instanceof RpcError ? e.text : e instanceof Error ? e.message : String(e));

export function RecordForm({ desc, record, readOnly, onDone, extra }: Props) {
  const { t } = useTranslation('admin');
  const creating = record === null;
  const schema = catalogueSchemas[desc.id];
  const start: Values = { ...desc.blank, ...(record ?? {}) };
  if ('Password' in desc.blank) start.Password = '';
  const { register, control, handleSubmit, setError, formState } = useForm<Values>({
    resolver: zodResolver(creating ? schema : schema.partial()) as unknown as Resolver<Values>,
    defaultValues: start,
  });
  const [note, setNote] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const ops = COLLECTION_OPS[desc.id];
  const canSave = !readOnly && (creating ? ops.includes('create') : ops.includes('update'));

  const outcome = (w: CatalogueWrite) => {
    if (w.status === 'saved') onDone(w.record);
    else if (w.status === 'deleted') onDone(null);
    // Queued: the change is listed with the collection's pending changes from now on.
    else if (w.status === 'queued') onDone(null);
    else if (w.status === 'refused' && w.field) setError(w.field, { type: 'server', message: w.message });
    else setError('root.server', { type: 'server', message: w.message });
  };

  const save = handleSubmit(async (values) => {
    setBusy(true);
    setNote(null);
    try {
      if (creating) outcome(await rpc('catalogue/create', { collection: desc.id, record: values }));
      else {
        // Only what differs from the record as opened: the service merges by Id, so the rest stays as it is there.
        const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(record[k]) && !(k === 'Password' && !v)));
        if (Object.keys(changed).length === 0) return setNote(t('catalogue.nothingChanged'));
        outcome(await rpc('catalogue/update', { collection: desc.id, id: record.Id, record: changed }));
      }
    } catch (e) {
      setError('root.server', { type: 'server', message: words(e) });
    } finally {
      setBusy(false);
    }
  });

  const remove = async () => {
    setAsking(false);
    setBusy(true);
    try {
      outcome(await rpc('catalogue/delete', { collection: desc.id, id: record!.Id }));
    } catch (e) {
      setError('root.server', { type: 'server', message: words(e) });
    } finally {
      setBusy(false);
    }
  };

  const title = creating ? t(collectionKey(desc.id, 'new')) : t(collectionKey(desc.id, 'record'), { name: nameOf(record) });
  const rootError = formState.errors.root?.server?.message;
  return (
    <form className="cat-form" aria-label={title} noValidate onSubmit={(e) => void save(e)}>
      <h3>{title}</h3>
      {desc.fields.map((f) => (
        <FieldInput key={f.name} field={f} register={register} control={control} errors={formState.errors} disabled={!canSave || busy} original={record} />
      ))}
      {desc.rule && <RuleSentence desc={desc} control={control} />}
      {extra}
      {rootError && (
        <p className="error" role="alert">
          {rootError}
        </p>
      )}
      {note && <p role="status">{note}</p>}
      <div className="buttons">
        <button type="button" onClick={() => onDone(null)}>
          {canSave ? t('common.cancel') : t('catalogue.close')}
        </button>
        {!creating && !readOnly && ops.includes('delete') && (
          <button type="button" className="danger-outline" disabled={busy} onClick={() => setAsking(true)}>
            {t('catalogue.delete')}
          </button>
        )}
        {canSave && (
          <button type="submit" className="primary" disabled={busy}>
            {busy ? t('catalogue.saving') : creating ? t(collectionKey(desc.id, 'create')) : t('catalogue.save')}
          </button>
        )}
      </div>
      {asking && (
        <Dialog title={t(collectionKey(desc.id, 'deleteTitle'))} role="alertdialog" onClose={() => setAsking(false)}>
          <p>{t(collectionKey(desc.id, 'deleteAsk'), { name: nameOf(record!) })}</p>
          <div className="buttons">
            <button type="button" autoFocus onClick={() => setAsking(false)}>
              {t('catalogue.keep')}
            </button>
            <button type="button" className="danger" onClick={() => void remove()}>
              {t('catalogue.delete')}
            </button>
          </div>
        </Dialog>
      )}
    </form>
  );
}
