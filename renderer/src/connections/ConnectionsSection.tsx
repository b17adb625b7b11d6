import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionInfo } from '../../../common/methods/session';
import { RpcError, rpc } from '../rpc/client';
import { currentLanguage } from '../i18n';
import { Dialog } from '../ui/Dialog';
import { useConnectionName } from './connection-name';
import { useConnections } from './use-connections';
import './connections.css';

/** Bytes as the operator's language writes megabytes ("1.4 MB", "1,4 МБ"). */
function megabytes(bytes: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const errorText = (e: unknown) => (e instanceof RpcError ? e.text : String(e));

/**
 * The saved connections, for Settings and the switcher's "Manage connections…": rename one
 * inline, clear its cache, or forget it (its stored password, cache and profile) after a
 * question. Connections are data: their names are shown as the operator typed them.
 */
export function ConnectionsSection({ showTitle = true }: { showTitle?: boolean }) {
  const { t } = useTranslation('connections');
  const [list, setList] = useConnections();
  const [error, setError] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<ConnectionInfo | null>(null);
  const headingId = useId();

  const run = async (call: () => Promise<unknown>) => {
    setError(null);
    try {
      await call();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section className="connections-section" aria-labelledby={showTitle ? headingId : undefined} aria-label={showTitle ? undefined : t('section.title')}>
      {showTitle && <h3 id={headingId}>{t('section.title')}</h3>}
      {list && <p className="hint">{t('section.bound', { count: list.maxOpen })}</p>}
      {list && list.connections.length === 0 && <p>{t('section.empty')}</p>}
      {list && list.connections.length > 0 && (
        <ul className="connections-list" aria-label={t('section.listLabel')}>
          {list.connections.map((c) => (
            <ConnectionRow
              key={c.profileId}
              c={c}
              onRename={(name) => run(async () => setList(await rpc('session/rename', { profileId: c.profileId, name })))}
              onClear={() => run(async () => setList(await rpc('session/clearCache', { profileId: c.profileId })))}
              onForget={() => setForgetting(c)}
            />
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {forgetting && (
        <ForgetDialog
          c={forgetting}
          onCancel={() => setForgetting(null)}
          onForget={() => {
            const id = forgetting.profileId;
            setForgetting(null);
            void run(() => rpc('session/forget', { profileId: id }));
          }}
        />
      )}
    </section>
  );
}

function ConnectionRow({ c, onRename, onClear, onForget }: { c: ConnectionInfo; onRename: (name: string) => Promise<void>; onClear: () => Promise<void>; onForget: () => void }) {
  const { t } = useTranslation('connections');
  const nameOf = useConnectionName();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(c.name);
  const [clearing, setClearing] = useState(false);
  const shown = nameOf(c);
  const save = (e: FormEvent) => {
    e.preventDefault();
    void onRename(name).then(() => setEditing(false));
  };
  return (
    <li className="connection-row" aria-label={shown}>
      {editing ? (
        <form className="rename" onSubmit={save}>
          <input aria-label={t('section.renameLabel', { name: shown })} value={name} maxLength={80} required autoFocus onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="primary">
            {t('section.save')}
          </button>
          <button type="button" onClick={() => (setEditing(false), setName(c.name))}>
            {t('section.cancel')}
          </button>
        </form>
      ) : (
        <span className="name">
          {shown}
          {c.foreground && <span className="on-screen">{t('section.onScreen')}</span>}
        </span>
      )}
      <span className="where" title={c.baseUrl}>
        {c.login} @ {c.demo ? t('demoName') : hostOf(c.baseUrl)}
      </span>
      <span className="state">{t(`state.${c.state}`)}</span>
      <span className="cache">{t('section.cacheSize', { size: megabytes(c.cacheBytes) })}</span>
      <span className="actions">
        {!editing && !c.demo && (
          <button type="button" aria-label={t('section.renameButton', { name: shown })} onClick={() => setEditing(true)}>
            {t('section.rename')}
          </button>
        )}
        <button
          type="button"
          aria-label={t('section.clearCacheButton', { name: shown })}
          disabled={clearing || c.cacheBytes === 0}
          onClick={() => {
            setClearing(true);
            void onClear().finally(() => setClearing(false));
          }}
        >
          {t('section.clearCache')}
        </button>
        <button type="button" aria-label={t('section.forgetButton', { name: shown })} onClick={onForget}>
          {t('section.forget')}
        </button>
      </span>
    </li>
  );
}

/** Forgetting deletes what cannot be fetched again (queued writes in the cache): Cancel has the focus. */
function ForgetDialog({ c, onCancel, onForget }: { c: ConnectionInfo; onCancel: () => void; onForget: () => void }) {
  const { t } = useTranslation('connections');
  const nameOf = useConnectionName();
  const cancel = useRef<HTMLButtonElement>(null);
  const body = useId();
  return (
    <Dialog title={t('forget.title', { name: nameOf(c) })} role="alertdialog" describedBy={body} initialFocus={cancel} onClose={onCancel}>
      <div className="confirm">
        <p id={body}>{t(c.state === 'closed' ? 'forget.body' : 'forget.bodyOpen', { size: megabytes(c.cacheBytes) })}</p>
        <div className="buttons">
          <button ref={cancel} type="button" onClick={onCancel}>
            {t('forget.cancel')}
          </button>
          <button type="button" className="danger" onClick={onForget}>
            {t('forget.confirm')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
