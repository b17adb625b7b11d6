import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_EXTENSIONS, ATTACH_MAX_BYTES, checkFile, sizeRefusal } from '../../../common/file-kinds';
import { RpcError, rpc } from '../rpc/client';
import { Dialog } from '../ui/Dialog';
import { dateMinuteText, parseDateMinute } from '../ui/time';

interface Chosen {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Why it will not be sent (checked here at once; the core checks again). */
  refused: string | null;
  /** The answer: attached, queued in the outbox (with why), or refused (the error's words). */
  outcome: { kind: 'sent' } | { kind: 'queued'; reason: string } | { kind: 'failed'; text: string } | null;
}

async function read(files: FileList | File[]): Promise<Chosen[]> {
  return Promise.all(
    [...files].map(async (f) => {
      // A file over the limit is refused without reading it.
      const tooLarge = sizeRefusal(f.name, f.size);
      if (tooLarge) return { name: f.name, bytes: new Uint8Array(0), refused: tooLarge, outcome: null };
      const bytes = new Uint8Array(await f.arrayBuffer());
      const check = checkFile(f.name, bytes);
      return { name: f.name, bytes, refused: check.ok ? null : check.reason, outcome: null };
    }),
  );
}

/** Pick or drop files, choose the time (default now), attach them one by one with progress and each one's answer. */
export function AttachDialog({ objectId, objectName, zone, defaultTime, onClose, onDone }: { objectId: number; objectName: string; zone: string; defaultTime: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('files');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [timeText, setTimeText] = useState(dateMinuteText(defaultTime, zone));
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [over, setOver] = useState(false);
  const time = parseDateMinute(timeText, zone);
  const sendable = chosen.filter((c) => !c.refused && c.outcome === null);
  const add = (files: FileList | File[] | null) => {
    if (files && files.length) void read(files).then((c) => setChosen((cur) => [...cur, ...c]));
  };
  const attach = async () => {
    if (time === null) return;
    setBusy(true);
    setDone(0);
    const list = [...chosen];
    for (const [i, c] of list.entries()) {
      if (c.refused || c.outcome !== null) continue;
      try {
        // Files at the same minute would collide on the service's time key: one second apart.
        const r = await rpc('files/attach', { objectId, time: time + i * 1000, name: c.name, bytes: c.bytes });
        list[i] = { ...c, outcome: r.state === 'sent' ? { kind: 'sent' } : { kind: 'queued', reason: r.reason } };
      } catch (e) {
        list[i] = { ...c, outcome: { kind: 'failed', text: e instanceof RpcError ? e.text : String(e) } };
      }
      setChosen([...list]);
      setDone((n) => n + 1);
    }
    setBusy(false);
    onDone();
  };
  return (
    <Dialog title={t('attach.title', { name: objectName })} onClose={onClose} className="files-attach">
      <div className="files-dialog-body">
      <div
        className={`files-drop${over ? ' over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          add(e.dataTransfer.files);
        }}
      >
        <label>
          {t('attach.pick')}
          <input type="file" multiple accept={ACCEPTED_EXTENSIONS.join(',')} onChange={(e) => add(e.currentTarget.files)} />
        </label>
        <p className="hint">{t('attach.drop', { mb: ATTACH_MAX_BYTES / 1024 / 1024 })}</p>
      </div>
      <label className="files-attach-time">
        {t('attach.time', { zone })}
        <input value={timeText} onChange={(e) => setTimeText(e.currentTarget.value)} aria-invalid={time === null} placeholder={t('attach.placeholder')} />
      </label>
      {time === null && <p role="alert" className="error">{t('attach.badTime')}</p>}
      <ul aria-label={t('attach.chosen')} className="files-attach-list">
        {chosen.map((c, i) => (
          <li key={`${c.name}-${i}`}>
            <strong>{c.name}</strong>
            {c.refused ? (
              <div role="alert" className="files-refused">{t('attach.refused', { reason: c.refused })}</div>
            ) : c.outcome?.kind === 'failed' ? (
              <div className="files-refused">{c.outcome.text}</div>
            ) : c.outcome?.kind === 'queued' ? (
              <div className="files-waiting">{t('attach.waiting', { reason: c.outcome.reason })}</div>
            ) : c.outcome ? (
              <div className="ok">{t('attach.attached')}</div>
            ) : (
              <div>{t('attach.ready')}</div>
            )}
          </li>
        ))}
      </ul>
      {busy && <progress aria-label={t('attach.progress')} max={sendable.length + done} value={done} />}
      </div>
      <footer className="buttons">
        <button type="button" onClick={() => void attach()} disabled={busy || time === null || sendable.length === 0}>
          {sendable.length > 0 ? t('attach.sendCount', { count: sendable.length }) : t('attach.send')}
        </button>
        <button type="button" onClick={onClose}>
          {t('attach.done')}
        </button>
      </footer>
    </Dialog>
  );
}
