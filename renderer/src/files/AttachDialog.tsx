import { useState } from 'react';
import { ACCEPTED_EXTENSIONS, ATTACH_MAX_BYTES, checkFile, sizeRefusal } from '../../../common/file-kinds';
import { RpcError, rpc } from '../rpc/client';
import { Dialog } from '../ui/Dialog';
import { dateMinuteText, parseDateMinute } from '../ui/time';

interface Chosen {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
  /** Why it will not be sent (checked here at once; the core checks again). */
  refused: string | null;
  outcome: string | null;
  failed: boolean;
}

async function read(files: FileList | File[]): Promise<Chosen[]> {
  return Promise.all(
    [...files].map(async (f) => {
      // A file over the limit is refused without reading it.
      const tooLarge = sizeRefusal(f.name, f.size);
      if (tooLarge) return { name: f.name, bytes: new Uint8Array(0), refused: tooLarge, outcome: null, failed: false };
      const bytes = new Uint8Array(await f.arrayBuffer());
      const check = checkFile(f.name, bytes);
      return { name: f.name, bytes, refused: check.ok ? null : check.reason, outcome: null, failed: false };
    }),
  );
}

/** Pick or drop files, choose the time (default now), attach them one by one with progress and each one's answer. */
export function AttachDialog({ objectId, objectName, zone, defaultTime, onClose, onDone }: { objectId: number; objectName: string; zone: string; defaultTime: number; onClose: () => void; onDone: () => void }) {
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
        list[i] = { ...c, outcome: r.state === 'sent' ? 'Attached' : `Waiting in the outbox, sent when the service answers (${r.reason})` };
      } catch (e) {
        list[i] = { ...c, outcome: e instanceof RpcError ? e.text : String(e), failed: true };
      }
      setChosen([...list]);
      setDone((n) => n + 1);
    }
    setBusy(false);
    onDone();
  };
  return (
    <Dialog title={`Attach files to ${objectName}`} onClose={onClose} className="files-attach">
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
          Files to attach
          <input type="file" multiple accept={ACCEPTED_EXTENSIONS.join(',')} onChange={(e) => add(e.currentTarget.files)} />
        </label>
        <p className="hint">or drop photos, videos or PDF files here (up to {ATTACH_MAX_BYTES / 1024 / 1024} MB each)</p>
      </div>
      <label className="files-attach-time">
        Time ({zone})
        <input value={timeText} onChange={(e) => setTimeText(e.currentTarget.value)} aria-invalid={time === null} placeholder="yyyy-mm-dd hh:mm" />
      </label>
      {time === null && <p role="alert" className="error">The time must read yyyy-mm-dd hh:mm</p>}
      <ul aria-label="Files chosen" className="files-attach-list">
        {chosen.map((c, i) => (
          <li key={`${c.name}-${i}`}>
            <strong>{c.name}</strong>
            {c.refused ? <div role="alert" className="files-refused">Refused: {c.refused}</div> : c.outcome ? <div className={c.failed ? 'files-refused' : c.outcome.startsWith('Waiting') ? 'files-waiting' : 'ok'}>{c.outcome}</div> : <div>Ready to attach</div>}
          </li>
        ))}
      </ul>
      {busy && <progress aria-label="Attaching" max={sendable.length + done} value={done} />}
      </div>
      <footer className="buttons">
        <button type="button" onClick={() => void attach()} disabled={busy || time === null || sendable.length === 0}>
          Attach {sendable.length > 0 ? `${sendable.length} file${sendable.length === 1 ? '' : 's'}` : ''}
        </button>
        <button type="button" onClick={onClose}>
          Done
        </button>
      </footer>
    </Dialog>
  );
}
