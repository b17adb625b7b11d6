/**
 * Which object and interval the History screen shows, and in which zone: kept in the hash
 * (`#/history?o=ID&from=MS&till=MS`) so a reload, a second window or a pasted link opens
 * the same picture.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { FleetObject } from '../../../common/resources';
import { fleetStore } from '../stores/fleet-store';
import { selection } from '../stores/selection';
import { useFleetObjects } from '../stores/use-fleet-objects';
import { quickInterval, validTimeZone, type Interval } from './interval';
import { ownZone, zoneFor } from '../ui/time';
import { usePreferences } from '../stores/preferences';
import { useObjectSensors } from './model/use-object-sensors';

export interface ObjectAndInterval {
  objectId: number | null;
  setObjectId: (id: number) => void;
  /** The object's record with its sensors once they are known; null until the list names it. */
  object: FleetObject | null;
  interval: Interval | null;
  setInterval: Dispatch<SetStateAction<Interval | null>>;
  /** The zone the screen uses: the object's when asked for and valid, else the operator's. */
  tz: string;
  objectTz: string | null;
  operatorTz: string;
  useObjectTz: boolean;
  setUseObjectTz: (on: boolean) => void;
  /** An instant the link names (`&at=MS`, an event picked elsewhere): the replay starts there. */
  at: number | null;
}

function readHash(): { o?: number; from?: number; till?: number; at?: number } {
  const q = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const n = (k: string) => (q.get(k) !== null && Number.isFinite(Number(q.get(k))) ? Number(q.get(k)) : undefined);
  return { o: n('o'), from: n('from'), till: n('till'), at: n('at') };
}

export function useObjectAndInterval(): ObjectAndInterval {
  // The list, not the positions: a poll must not re-render the whole screen under a replay.
  const objectsById = useFleetObjects();
  const initial = useRef(readHash());
  const [objectId, setObjectId] = useState<number | null>(initial.current.o ?? selection.get());
  const [interval, setInterval] = useState<Interval | null>(
    initial.current.from !== undefined && initial.current.till !== undefined ? { from: initial.current.from, till: initial.current.till } : null,
  );
  const [useObjectTz, setUseObjectTz] = useState(true);
  const [at, setAt] = useState<number | null>(initial.current.at ?? null);

  const listed = (objectId !== null ? objectsById.get(objectId) : undefined) ?? null;
  const sensors = useObjectSensors(objectId, listed);
  // The list's object has no sensors (objects/details has them): the charts need their names and units.
  const object: FleetObject | null = useMemo(() => (listed && sensors ? { ...listed, Sensors: sensors } : listed), [listed, sensors]);
  // The Settings screen's rule decides (ui/time.ts zoneFor): under "this computer" or "UTC" the
  // object's zone is not offered; the screen's own switch can still say "not the object's".
  const rule = usePreferences().timeZone;
  const operatorTz = ownZone();
  const objectTz = rule === 'object' ? validTimeZone(object?.TimeZone) : null;
  const tz = useObjectTz ? zoneFor(object) : operatorTz;

  // With nothing chosen, the selected (or first) object's today is a useful first picture.
  useEffect(() => {
    if (objectId === null && fleetStore.objects[0]) setObjectId(fleetStore.objects[0].Id);
  });
  useEffect(() => {
    if (!interval && object) setInterval(quickInterval('today', Date.now(), tz));
  }, [interval, object, tz]);
  // A link pasted into the address bar of an open screen changes only the hash: follow it.
  // (The screen's own writes use replaceState, which fires no hashchange.)
  useEffect(() => {
    const on = () => {
      if (!window.location.hash.startsWith('#/history')) return;
      const h = readHash();
      setAt(h.at ?? null);
      if (h.o !== undefined) setObjectId(h.o);
      if (h.from !== undefined && h.till !== undefined && h.till > h.from) {
        const next = { from: h.from, till: h.till };
        setInterval((cur) => (cur && cur.from === next.from && cur.till === next.till ? cur : next));
      }
    };
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  useEffect(() => {
    if (!interval || objectId === null) return;
    const hash = `#/history?o=${objectId}&from=${interval.from}&till=${interval.till}${at !== null ? `&at=${at}` : ''}`;
    if (window.location.hash !== hash) window.history.replaceState(null, '', hash);
  }, [objectId, interval, at]);

  // An object or interval picked on the screen starts at its own beginning, not the link's instant.
  const pickObject = useCallback((id: number) => {
    setAt(null);
    setObjectId(id);
  }, []);
  const pickInterval: Dispatch<SetStateAction<Interval | null>> = useCallback((v) => {
    setAt(null);
    setInterval(v);
  }, []);

  return { objectId, setObjectId: pickObject, object, interval, setInterval: pickInterval, tz, objectTz, operatorTz, useObjectTz, setUseObjectTz, at };
}
