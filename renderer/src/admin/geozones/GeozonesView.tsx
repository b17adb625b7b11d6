/**
 * Admin › Geozones: the list beside the map, selected together; draw a circle, polygon or
 * line, move and reshape on the map, name, colour, group and width in the form, delete
 * after a question. A write the service did not answer waits as a pending change of the
 * catalogue engine (listed here, replayed when it answers); a 403 turns the screen read-only.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeozoneDraft, GeozoneType } from '../../../../common/methods/geozones';
import { expose } from '../../diagnostics/hooks';
import { rpc } from '../../rpc/client';
import { ageText } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { PendingChanges } from '../catalogue/PendingChanges';
import { GEOZONE_DESC } from './desc';
import { DEFAULT_COLOR, draftOfZone, geometryOfShape, shapeOfZone, type ZoneRec } from './geometry';
import { GeozoneForm } from './GeozoneForm';
import { GeozoneList } from './GeozoneList';
import { useGeozones } from './use-geozones';
import { ZoneMap, type ZoneKey } from './zone-map';
import './geozones.css';

type Geometry = Pick<GeozoneDraft, 'Type' | 'Center' | 'Radius' | 'Points'>;
/** The draw buttons; each label is a key of the admin namespace. */
const DRAW: { type: GeozoneType; label: string }[] = [
  { type: 'Circle', label: 'geozones.draw.circle' },
  { type: 'Polygon', label: 'geozones.draw.polygon' },
  { type: 'Line', label: 'geozones.draw.line' },
];
/** A new line's corridor until the form says otherwise. */
const NEW_LINE_WIDTH_M = 20;

export function GeozonesView() {
  const { t } = useTranslation('admin');
  const data = useGeozones();
  const now = useNow(10_000);
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<ZoneMap | null>(null);
  const [selected, setSelected] = useState<ZoneKey | null>(null);
  const [geometry, setGeometry] = useState<Geometry | null>(null);
  const [drawType, setDrawType] = useState<GeozoneType | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [readOnly, setReadOnly] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [mode, setMode] = useState<'reshape' | 'move'>('reshape');
  /** Bumped to start the form again from the stored values (after a save or a cancel). */
  const [formRound, setFormRound] = useState(0);
  const pendingSelect = useRef<number | null>(null);
  const fitted = useRef(false);
  const zonesRef = useRef<ZoneRec[]>([]);
  zonesRef.current = data.zones;

  const choose = useCallback((key: ZoneKey | null) => {
    const zm = mapRef.current;
    if (zm?.drawing()) zm.cancelDraw();
    if (key !== 'new') zm?.revert('new', null);
    const zone = typeof key === 'number' ? zonesRef.current.find((z) => z.Id === key) : undefined;
    setSelected(key);
    if (zone) setGeometry(geometryOfShape(shapeOfZone(zone)));
    setFormRound((n) => n + 1);
    zm?.select(key);
  }, []);

  /** A zone chosen by the user (list or map): the last save's word goes. */
  const pick = useCallback(
    (key: number) => {
      setNotice(null);
      choose(key);
    },
    [choose],
  );

  useEffect(() => {
    const zm = new ZoneMap(el.current!, {
      select: (key) => {
        if (key !== 'new') return pick(key);
        setSelected('new');
        setFormRound((n) => n + 1);
      },
      shape: (_key, shape) => setGeometry(geometryOfShape(shape)),
      drawing: (on) => setDrawing(on),
    });
    mapRef.current = zm;
    const unexpose = expose('__geozoneMap', zm.map);
    return () => {
      unexpose();
      zm.remove();
      mapRef.current = null;
    };
  }, [pick]);

  useEffect(() => {
    const zm = mapRef.current;
    if (!zm) return;
    zm.setZones(data.zones);
    if (!fitted.current && data.zones.length > 0) {
      fitted.current = true;
      zm.fitAll();
    }
    const want = pendingSelect.current;
    if (want !== null && data.zones.some((z) => z.Id === want)) {
      pendingSelect.current = null;
      choose(want);
    } else if (typeof selected === 'number' && !data.zones.some((z) => z.Id === selected)) {
      setSelected(null);
    }
  }, [data.zones, choose, selected]);

  const zone = typeof selected === 'number' ? data.zones.find((z) => z.Id === selected) ?? null : null;
  const initial = useMemo<GeozoneDraft | null>(() => {
    if (zone) return draftOfZone(zone);
    if (selected === 'new' && geometry) return { Name: '', Color: DEFAULT_COLOR, GroupId: 0, Width: geometry.Type === 'Line' ? NEW_LINE_WIDTH_M : 0, ...geometry };
    return null;
    // The form starts from these once per round; the map's later edits arrive as `geometry`.
  }, [zone, selected, formRound, geometry === null]);

  const startDraw = (type: GeozoneType) => {
    const zm = mapRef.current;
    if (!zm) return;
    setNotice(null);
    setSelected(null);
    setDrawType(type);
    zm.draw(type, { color: DEFAULT_COLOR, width: NEW_LINE_WIDTH_M });
  };

  const save = async (draft: GeozoneDraft) => {
    if (selected === 'new') {
      const w = await rpc('geozones/create', { zone: draft });
      if (w.geozone) pendingSelect.current = w.geozone.Id;
      mapRef.current?.revert('new', null);
      setSelected(null);
      // The core's `queued.message` is English: the screen says it in the user's language.
      setNotice(t(w.queued ? 'geozones.kept' : 'geozones.created', { name: draft.Name.trim() }));
      data.reload();
    } else if (typeof selected === 'number') {
      const w = await rpc('geozones/update', { id: selected, zone: draft });
      // Held back offline, the edit stays drawn as the user left it until it is replayed.
      if (!w.queued) mapRef.current?.saved(selected);
      pendingSelect.current = selected;
      setNotice(t(w.queued ? 'geozones.kept' : 'geozones.saved', { name: draft.Name.trim() }));
      data.reload();
    }
  };

  const remove = async () => {
    if (typeof selected !== 'number' || !zone) return;
    const w = await rpc('geozones/delete', { id: selected });
    setSelected(null);
    setNotice(t(w.queued ? 'geozones.keptDelete' : 'geozones.deleted', { name: zone.Name }));
    data.reload();
  };

  const cancel = () => {
    if (selected === 'new') {
      mapRef.current?.revert('new', null);
      setSelected(null);
    } else if (zone) {
      mapRef.current?.revert(zone.Id, zone);
      choose(zone.Id);
    }
  };

  const forbidden = (message: string) => {
    setReadOnly(message);
    mapRef.current?.setEditable(false);
  };
  const preview = useCallback((look: { color?: string; width?: number }) => {
    if (selected !== null) mapRef.current?.preview(selected, look);
  }, [selected]);

  const stale = data.fetchedAt !== null && now - data.fetchedAt > 60_000;
  return (
    <section className="gz" aria-label={t('geozones.editor')}>
      <div className="gz-side">
        {readOnly ? (
          <p className="gz-readonly" role="status">
            {t('geozones.readOnly', { why: readOnly })}
          </p>
        ) : (
          <div className="gz-tools" role="toolbar" aria-label={t('geozones.draw.label')}>
            {DRAW.map((d) => (
              <button key={d.type} type="button" aria-pressed={drawing && drawType === d.type} onClick={() => startDraw(d.type)}>
                {t(d.label)}
              </button>
            ))}
            {drawing && (
              <button type="button" onClick={() => mapRef.current?.cancelDraw()}>
                {t('geozones.draw.stop')}
              </button>
            )}
          </div>
        )}
        {drawing && (
          <p className="gz-hint" role="status">
            {drawType === 'Circle' ? t('geozones.hint.circle') : drawType === 'Polygon' ? t('geozones.hint.polygon') : t('geozones.hint.line')}
          </p>
        )}
        <p className="gz-age" aria-live="polite">
          {data.loading ? t('geozones.loading') : t('geozones.count', { count: data.zones.length }) + (data.fetchedAt ? t('geozones.listFrom', { age: ageText(data.fetchedAt, now) }) : '')}
          {stale && t('geozones.stale')}
        </p>
        {data.error && <p className="gz-error" role="alert">{data.error}</p>}
        {notice && <p className="gz-notice" role="status">{notice}</p>}
        <PendingChanges desc={GEOZONE_DESC} />
        <GeozoneList zones={data.zones} groups={data.groups} selected={typeof selected === 'number' ? selected : null} onSelect={pick} />
        {initial && geometry && !readOnly && (
          <div className="gz-mode" role="group" aria-label={t('geozones.mode.label')}>
            <button type="button" aria-pressed={mode === 'reshape'} onClick={() => (setMode('reshape'), mapRef.current?.setMode('reshape'))}>
              {t('geozones.mode.reshape')}
            </button>
            <button type="button" aria-pressed={mode === 'move'} onClick={() => (setMode('move'), mapRef.current?.setMode('move'))}>
              {t('geozones.mode.move')}
            </button>
            <span className="gz-hint">{mode === 'reshape' ? t('geozones.mode.reshapeHint') : t('geozones.mode.moveHint')}</span>
          </div>
        )}
        {initial && geometry && (
          <GeozoneForm
            key={`${String(selected)}:${formRound}`}
            id={typeof selected === 'number' ? selected : null}
            initial={initial}
            geometry={geometry}
            groups={data.groups}
            readOnly={readOnly !== null}
            save={save}
            remove={remove}
            cancel={cancel}
            preview={preview}
            forbidden={forbidden}
          />
        )}
      </div>
      <div className="gz-map" ref={el} role="region" aria-label={t('geozones.map')} />
    </section>
  );
}
