import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { ConnectionInfo, SessionState } from '../../../common/methods/session';
import { rpc } from '../rpc/client';
import { signInErrorText } from '../screens/sign-in-error';
import { SignIn } from '../screens/SignIn';
import { Dialog } from '../ui/Dialog';
import { ConnectionsSection } from './ConnectionsSection';
import { useConnectionName } from './connection-name';
import { useBackgroundAlarms } from './use-background-alarms';
import { backgroundAlarms, useConnections } from './use-connections';
import './connections.css';

interface Props {
  session: Extract<SessionState, { status: 'signed_in' | 'needs_password' }>;
  onSession: (s: SessionState) => void;
}

/**
 * The top bar's "name · login" is a menu of the saved connections: one click brings an open
 * one to the screens at once (no sign-in), a closed one is resumed from its stored token. The
 * alarms of the connections in the background are counted beside it, so an operator watching
 * several companies sees one raise an alarm without switching to it.
 */
export function ConnectionSwitcher({ session, onSession }: Props) {
  const { t } = useTranslation('connections');
  const nameOf = useConnectionName();
  const [list] = useConnections();
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'signIn' | 'manage' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const profile = session.profile;
  const connections = list?.connections ?? [];
  const elsewhere = backgroundAlarms(connections);
  useBackgroundAlarms(list?.connections ?? null, nameOf);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const away = (e: MouseEvent) => {
      const root = menu.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const choose = async (c: ConnectionInfo) => {
    if (c.foreground) return close();
    setBusy(true);
    setError(null);
    try {
      onSession(await rpc('session/switch', { profileId: c.profileId }));
      setOpen(false);
    } catch (e) {
      setError(t('switcher.switchFailed', { name: nameOf(c), error: signInErrorText(e) }));
    } finally {
      setBusy(false);
    }
  };

  const onKey = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
      items[next]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  const describe = (c: ConnectionInfo) =>
    [t(`state.${c.state}`), c.alarms !== null ? t('alarms', { count: c.alarms }) : null].filter(Boolean).join(' · ');

  return (
    <div className="connection-switcher">
      <button
        ref={button}
        type="button"
        className="server"
        title={profile.baseUrl}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {nameOf(profile)} · {profile.login}
      </button>
      {elsewhere > 0 && (
        // Short in a crowded bar: the count beside a bell; the words for screen readers and the tooltip.
        <span className="alarms-elsewhere" role="status" title={t('switcher.alarmsElsewhere', { count: elsewhere })}>
          <span aria-hidden="true" className="count">
            {elsewhere}
          </span>
          <span className="visually-hidden">{t('switcher.alarmsElsewhere', { count: elsewhere })}</span>
        </span>
      )}
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={t('switcher.menu')} className="connection-menu" onKeyDown={onKey}>
          {connections.map((c) => (
            <li key={c.profileId} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={c.foreground}
                disabled={busy}
                title={c.baseUrl}
                onClick={() => void choose(c)}
              >
                <span className="name">
                  {c.foreground && (
                    <span className="mark" aria-hidden="true">
                      ●
                    </span>
                  )}
                  {nameOf(c)} · {c.login}
                </span>
                <span className={`detail${c.alarms ? ' has-alarms' : ''}`}>{describe(c)}</span>
              </button>
            </li>
          ))}
          <li role="separator" />
          <li role="none">
            <button type="button" role="menuitem" onClick={() => (setOpen(false), setDialog('signIn'))}>
              {t('switcher.signIn')}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" onClick={() => (setOpen(false), setDialog('manage'))}>
              {t('switcher.manage')}
            </button>
          </li>
          {error && (
            <li role="alert" className="error">
              {error}
            </li>
          )}
        </ul>
      )}
      {/* In the body, not the bar: the bar's button colours must not reach the dialogs' controls. */}
      {dialog === 'signIn' &&
        createPortal(
          <Dialog title={t('switcher.signInTitle')} className="connection-sign-in" onClose={() => setDialog(null)}>
            <SignIn
              state={session}
              onSignedIn={(s) => {
                setDialog(null);
                onSession(s);
              }}
            />
          </Dialog>,
          document.body,
        )}
      {dialog === 'manage' &&
        createPortal(
          <Dialog title={t('section.title')} className="connections-dialog" onClose={() => setDialog(null)}>
            <ConnectionsSection showTitle={false} />
          </Dialog>,
          document.body,
        )}
    </div>
  );
}
