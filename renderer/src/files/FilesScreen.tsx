import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileItem, FilesFound } from '../../../common/methods/files';
import { ObjectPicker } from '../history/ObjectPicker';
import { QUICK_RANGES, quickInterval, type Interval } from '../history/interval';
import { RpcError, onPush, rpc } from '../rpc/client';
import { selection } from '../stores/selection';
import { useFleetObjects } from '../stores/use-fleet-objects';
import { navigate } from '../ui/route';
import { dateMinuteText, objectZone, parseDateMinute } from '../ui/time';
import { AttachDialog } from './AttachDialog';
import { FileGrid, fileLabel } from './FileGrid';
import { MediaViewer } from './MediaViewer';
import { filesRoute, readFilesRoute } from './route-state';
import { saveZip } from './save';
import './files.css';

/** Around a moment picked elsewhere (a file in History): that day. */
function initialInterval(at: number | undefined, zone: string): Interval {
  return at === undefined ? quickInterval('today', Date.now(), zone) : quickInterval('today', at, zone);
}

/** The Files view: one object's device files over an interval, viewed, saved, zipped and attached. */
export function FilesScreen() {
  const { t } = useTranslation('files');
  const { t: th } = useTranslation('history');
  const route = useMemo(readFilesRoute, []);
  const objectsById = useFleetObjects();
  const [objectId, setObjectId] = useState<number | null>(route.objectId ?? selection.get());
  const zone = objectZone(objectId);
  const [interval, setInterval] = useState<Interval>(() =>
    route.from !== undefined && route.till !== undefined && route.till > route.from ? { from: route.from, till: route.till } : initialInterval(route.at, objectZone(route.objectId ?? selection.get())),
  );
  const [fromText, setFromText] = useState(dateMinuteText(interval.from, zone));
  const [tillText, setTillText] = useState(dateMinuteText(interval.till, zone));
  const [found, setFound] = useState<FilesFound | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [open, setOpen] = useState<FileItem | null>(null);
  const [attaching, setAttaching] = useState(route.attach === true && route.objectId !== undefined);
  const [note, setNote] = useState<string | null>(null);
  const nameOf = useCallback((id: number) => objectsById.get(id)?.Name ?? t('screen.objectN', { id }), [objectsById, t]);

  const find = useCallback(() => {
    if (objectId === null) return;
    setBusy(true);
    setError(null);
    rpc('files/find', { objectIds: [objectId], from: interval.from, till: interval.till })
      .then((f) => {
        setFound(f);
        setSelected((cur) => new Set([...cur].filter((u) => f.items.some((i) => i.uid === u))));
      })
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)))
      .finally(() => setBusy(false));
  }, [objectId, interval]);

  useEffect(() => {
    window.history.replaceState(null, '', `#${filesRoute({ objectId: objectId ?? undefined, from: interval.from, till: interval.till })}`);
    find();
  }, [find, objectId, interval]);
  // A queued attachment that reached the service: shown once it is there.
  useEffect(() => onPush('files/attached', (p) => p.objectId === objectId && find()), [find, objectId]);

  const applyTyped = () => {
    const from = parseDateMinute(fromText, zone);
    const till = parseDateMinute(tillText, zone);
    if (from === null || till === null) return setError(t('screen.badTimes'));
    if (till <= from) return setError(t('screen.badOrder'));
    setInterval({ from, till });
  };
  const quick = (id: (typeof QUICK_RANGES)[number]['id']) => {
    const next = quickInterval(id, Date.now(), zone);
    setFromText(dateMinuteText(next.from, zone));
    setTillText(dateMinuteText(next.till, zone));
    setInterval(next);
  };
  const toggle = (uid: string) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (!next.delete(uid)) next.add(uid);
      return next;
    });
  const zip = () => {
    setNote(null);
    saveZip([...selected])
      .then((n) => setNote(t('screen.savedZip', { count: selected.size, name: n })))
      .catch((e: unknown) => setError(e instanceof RpcError ? e.text : String(e)));
  };
  const items = found?.items ?? [];
  const object = objectId === null ? null : (objectsById.get(objectId) ?? null);

  return (
    <main className="files-screen" aria-label={t('screen.label')}>
      <header className="files-bar">
        <ObjectPicker value={object} onPick={(o) => setObjectId(o.Id)} />
        <label>
          {t('screen.from')}
          <input value={fromText} onChange={(e) => setFromText(e.currentTarget.value)} onBlur={applyTyped} onKeyDown={(e) => e.key === 'Enter' && applyTyped()} />
        </label>
        <label>
          {t('screen.till')}
          <input value={tillText} onChange={(e) => setTillText(e.currentTarget.value)} onBlur={applyTyped} onKeyDown={(e) => e.key === 'Enter' && applyTyped()} />
        </label>
        <span className="files-zone">{zone}</span>
        <div role="group" aria-label={t('screen.quick')}>
          {QUICK_RANGES.slice(0, 3).map((q) => (
            <button key={q.id} type="button" onClick={() => quick(q.id)}>
              {th(`interval.quick.${q.id}`)}
            </button>
          ))}
        </div>
        <button type="button" onClick={find} disabled={busy || objectId === null}>
          {busy ? t('screen.finding') : t('screen.find')}
        </button>
        <span className="spacer" />
        <button type="button" onClick={() => setSelected(new Set(items.map((i) => i.uid)))} disabled={items.length === 0}>
          {t('screen.selectAll')}
        </button>
        <button type="button" onClick={zip} disabled={selected.size === 0}>
          {selected.size ? t('screen.saveZipCount', { count: selected.size }) : t('screen.saveZip')}
        </button>
        <button type="button" onClick={() => setAttaching(true)} disabled={objectId === null}>
          {t('screen.attach')}
        </button>
        {objectId !== null && (
          <button type="button" onClick={() => navigate(`/history?o=${objectId}&from=${interval.from}&till=${interval.till}`)}>
            {t('screen.openInHistory')}
          </button>
        )}
      </header>
      {error && <p role="alert" className="error">{error}</p>}
      {found?.source === 'cache' && <p role="status" className="files-stale">{t('screen.stale', { error: found.error })}</p>}
      {note && <p role="status">{note}</p>}
      {objectId === null ? (
        <p className="hint">{t('screen.chooseObject')}</p>
      ) : found && items.length === 0 ? (
        <p role="status">{t('screen.none', { name: nameOf(objectId) })}</p>
      ) : (
        <FileGrid items={items} nameOf={nameOf} selected={selected} onToggle={toggle} onOpen={setOpen} />
      )}
      {open && <MediaViewer file={open} label={fileLabel(open, nameOf(open.objectId))} onClose={() => setOpen(null)} />}
      {attaching && objectId !== null && (
        <AttachDialog objectId={objectId} objectName={nameOf(objectId)} zone={zone} defaultTime={route.at ?? Date.now()} onClose={() => setAttaching(false)} onDone={find} />
      )}
    </main>
  );
}
