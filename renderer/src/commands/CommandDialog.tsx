import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n';
import type { CommandTemplate } from '../../../common/methods/commands';
import { RpcError, rpc } from '../rpc/client';
import { fleetStore } from '../stores/fleet-store';
import { Dialog } from '../ui/Dialog';
import type { CommandKind } from '../../../common/command-kind';
import { classifyRaw, classifyTemplate } from './destructive';
import { targetState } from './target-state';
import { SendOutcome } from './SendOutcome';
import { sentCommands, useSentCommand, type SentCommand } from './sent-store';
import { useTemplates } from './use-templates';
import { ageText } from '../ui/format';
import { momentText, sharedZone } from '../ui/time';
import { useConnectivity } from '../stores/connectivity';
import { ResendQuestion } from './ResendQuestion';
import { unknownPrior } from './unknown-watch';

type Phase =
  | { at: 'edit' }
  | { at: 'confirm' }
  | { at: 'resend'; prior: { send: SentCommand; objectIds: number[] } }
  | { at: 'sending' }
  | { at: 'sent'; cmd: SentCommand; offline: string | null }
  | { at: 'failed'; message: string; unknown: boolean; cmd: SentCommand | null };

function namesOf(ids: number[]): string[] {
  return ids.map((id) => fleetStore.objectsById.get(id)?.Name ?? i18n.t('commands:object', { id }));
}

function targetText(names: string[]): string {
  return names.length <= 3 ? names.join(', ') : i18n.t('commands:names.andMore', { names: names.slice(0, 3).join(', '), count: names.length - 3 });
}

/**
 * The targets whose last state says offline (or that never reported), in words, or null.
 * The service accepts a command for an offline device all the same; the simulator then
 * reports it not delivered a few seconds later rather than holding it (the spec leaves
 * this open), so the operator is told before sending.
 */
function offlineText(ids: number[], now: number): string | null {
  if (fleetStore.positionsFetchedAt === null) return null;
  const off = ids.filter((id) => fleetStore.position(id)?.online !== true);
  if (off.length === 0) return null;
  const tail = i18n.t('commands:offline.tail');
  if (off.length === 1) {
    const p = fleetStore.position(off[0]!);
    const [name] = namesOf(off);
    return p ? i18n.t('commands:offline.one', { name, age: ageText(p.time, now), tail }) : i18n.t('commands:offline.never', { name, tail });
  }
  return i18n.t('commands:offline.many', { names: targetText(namesOf(off)), tail });
}

/**
 * The question before a command that acts on the vehicle or the device: what it does in
 * plain words for its kind, and each target as it is now. A moving target of an
 * immobiliser is said first and marked: cutting an engine at speed is the harm to avoid.
 */
function Confirm({ label, kind, objectIds, onCancel, onConfirm }: { label: string; kind: CommandKind; objectIds: number[]; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('commands');
  const now = Date.now();
  const targets = objectIds.map((id) => targetState(fleetStore, id, now));
  const danger = (x: (typeof targets)[number]) => kind === 'immobiliser' && x.state === 'moving';
  const ordered = [...targets.filter(danger), ...targets.filter((x) => !danger(x))];
  const moving = ordered.filter(danger).length;
  const whom = targets.length === 1 ? targets[0]!.name : t('confirm.objects', { count: targets.length });
  return (
    <div className="confirm">
      <h3 id="confirm-title">{t('confirm.heading', { label, heading: t(`kinds.${kind}.heading`) })}</h3>
      <p id="confirm-what">
        {t('confirm.does', { does: t(`kinds.${kind}.does`) })} {targets.length === 1 ? t('confirm.targetNow') : t('confirm.targetsNow', { count: targets.length })}
      </p>
      {moving > 0 && (
        <p className="warning" role="alert">
          <strong>{moving === 1 ? t('confirm.oneMoving', { name: ordered[0]!.name }) : t('confirm.manyMoving', { count: moving })}</strong>
        </p>
      )}
      <ul className="names" aria-label={t('confirm.targetsLabel')}>
        {ordered.slice(0, 20).map((x) => (
          <li key={x.id} className={danger(x) ? 'danger' : undefined}>
            {danger(x) ? (
              <strong>
                {x.name} {x.text}
              </strong>
            ) : (
              `${x.name} ${x.text}`
            )}
          </li>
        ))}
        {ordered.length > 20 && <li>{t('confirm.more', { count: ordered.length - 20 })}</li>}
      </ul>
      <div className="buttons">
        <button type="button" autoFocus onClick={onCancel}>
          {t('confirm.cancel')}
        </button>
        <button type="button" className="danger" onClick={onConfirm}>
          {t('confirm.go', { label, whom })}
        </button>
      </div>
    </div>
  );
}

/** The send as the store has it now (outcomes fill in as they arrive). */
function SentOutcome({ cmd }: { cmd: SentCommand }) {
  return <SendOutcome cmd={useSentCommand(cmd.key) ?? cmd} />;
}

/** Send one command to the chosen objects: by template or as a raw string; destructive ones are confirmed by name. */
export function CommandDialog({ objectIds, onClose }: { objectIds: number[]; onClose: () => void }) {
  const { t } = useTranslation('commands');
  const { list, error: listError } = useTemplates();
  const [mode, setMode] = useState<'template' | 'raw'>('template');
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [raw, setRaw] = useState('');
  const [phase, setPhase] = useState<Phase>({ at: 'edit' });
  const names = namesOf(objectIds);
  const template: CommandTemplate | undefined = list?.templates.find((x) => x.Id === templateId);
  const label = mode === 'template' ? (template?.Name ?? template?.Command ?? '') : raw.trim();
  const ready = mode === 'template' ? template !== undefined : raw.trim().length > 0;
  const classified = mode === 'template' ? (template ? classifyTemplate(template) : null) : classifyRaw(raw, list?.templates ?? []);
  const offline = offlineText(objectIds, Date.now());
  // Said before Send is pressed: the core refuses commands offline and never queues them.
  const conn = useConnectivity();
  const consoleOffline = conn !== null && (conn.link?.state === 'offline' || (conn.state === 'offline' && conn.lastError !== null));
  const what = mode === 'template' ? { command: template?.Command, name: template?.Name } : { command: raw.trim() };

  const send = async () => {
    setPhase({ at: 'sending' });
    const args = mode === 'template' ? { objectIds, templateId: templateId! } : { objectIds, command: raw.trim() };
    try {
      const r = await rpc('commands/send', args);
      const cmd = sentCommands.add({ objectIds, label, sentAt: r.sentAt, status: 'accepted', ...what });
      setPhase({ at: 'sent', cmd, offline });
    } catch (e) {
      const err = e instanceof RpcError ? e : null;
      const cmd = err?.code === 'unknown_outcome' ? sentCommands.add({ objectIds, label, sentAt: Date.now(), status: 'unknown', ...what }) : null;
      setPhase({ at: 'failed', message: err ? err.text : String(e), unknown: err?.code === 'unknown_outcome', cmd });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || consoleOffline) return;
    const prior = unknownPrior(sentCommands.get(), objectIds, what, Date.now());
    if (prior) setPhase({ at: 'resend', prior });
    else afterResendCheck();
  };
  const afterResendCheck = () => {
    if (classified?.confirm) setPhase({ at: 'confirm' });
    else void send();
  };

  return (
    <Dialog title={t('dialog.title', { whom: names.length === 1 ? names[0] : t('confirm.objects', { count: names.length }) })} onClose={onClose} className="command-dialog">
      {phase.at === 'resend' ? (
        <ResendQuestion label={label} prior={phase.prior} onCancel={() => setPhase({ at: 'edit' })} onSend={afterResendCheck} />
      ) : phase.at === 'confirm' && classified ? (
        <Confirm
          label={label}
          kind={classified.kind}
          objectIds={objectIds}
          onCancel={() => setPhase({ at: 'edit' })}
          onConfirm={() => void send()}
        />
      ) : phase.at === 'sent' ? (
        <div className="sent" role="status">
          <p>{t('dialog.accepted', { time: momentText(phase.cmd.sentAt, sharedZone(objectIds)), label: phase.cmd.label, names: targetText(names) })}</p>
          {phase.offline && <p className="warning">{phase.offline}</p>}
          <SentOutcome cmd={phase.cmd} />
          <div className="buttons">
            <button type="button" onClick={onClose}>
              {t('dialog.close')}
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} aria-label={t('dialog.form')}>
          <p className="targets">{t('dialog.to', { names: targetText(names) })}</p>
          {consoleOffline && (
            <p className="warning" role="alert">
              {t('dialog.consoleOffline')}
            </p>
          )}
          <fieldset className="mode">
            <legend className="visually-hidden">{t('dialog.mode')}</legend>
            <label>
              <input type="radio" name="cmd-mode" checked={mode === 'template'} onChange={() => setMode('template')} /> {t('dialog.fromTemplate')}
            </label>
            <label>
              <input type="radio" name="cmd-mode" checked={mode === 'raw'} onChange={() => setMode('raw')} /> {t('dialog.raw')}
            </label>
          </fieldset>
          {mode === 'template' ? (
            <label className="field">
              {t('dialog.template')}
              <select value={templateId ?? ''} onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)} disabled={!list}>
                <option value="">{list ? t('dialog.chooseTemplate') : listError ? t('dialog.templatesUnavailable') : t('dialog.loadingTemplates')}</option>
                {list?.templates.map((x) => (
                  <option key={x.Id} value={x.Id}>
                    {x.Name ?? x.Command ?? t('template', { id: x.Id })}
                    {classifyTemplate(x).confirm ? t('dialog.asksFirst') : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="field">
              {t('dialog.commandText')}
              <input value={raw} onChange={(e) => setRaw(e.target.value)} maxLength={4000} placeholder={t('dialog.commandPlaceholder')} autoComplete="off" spellCheck={false} />
            </label>
          )}
          {listError && mode === 'template' && <p className="error">{listError}</p>}
          {template?.Command && mode === 'template' && <p className="hint">{t('dialog.sends', { command: template.Command })}</p>}
          {offline && <p className="warning">{offline}</p>}
          {phase.at === 'failed' && (
            <div role="alert" className={phase.unknown ? 'warning' : 'error'}>
              <p>{phase.message}</p>
              {phase.unknown && <p>{t('dialog.lookFirst', { names: targetText(names) })}</p>}
              {phase.cmd && <SentOutcome cmd={phase.cmd} />}
            </div>
          )}
          <div className="buttons">
            <button type="button" onClick={onClose}>
              {t('dialog.cancel')}
            </button>
            <button type="submit" className="primary" disabled={!ready || consoleOffline || phase.at === 'sending'} aria-busy={phase.at === 'sending'}>
              {phase.at === 'sending' ? t('dialog.sending') : t('dialog.send')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
