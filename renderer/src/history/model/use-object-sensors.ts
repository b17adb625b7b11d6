import { useEffect, useState } from 'react';
import type { Sensor } from '../../../../common/resources';
import { rpc } from '../../rpc/client';

/**
 * One object's sensors, from the core's cache (objects/details): the live list carries
 * objects without them, since 50,000 objects' sensors are two thirds of its bytes.
 * Null until they arrive, or when the cache does not know the object.
 *
 * Asked again whenever the list's record of the object (`listed`) changes: at a first sign-in
 * the list holds only names until the full list is stored, and details asked before then had
 * no sensors, so the charts kept "Sensor 61" for names until the object was chosen again.
 */
export function useObjectSensors(objectId: number | null, listed: unknown): Sensor[] | null {
  const [sensors, setSensors] = useState<{ id: number; list: Sensor[] } | null>(null);
  useEffect(() => {
    if (objectId === null) return;
    let alive = true;
    rpc('objects/details', { id: objectId }).then(
      (d) => alive && setSensors({ id: objectId, list: d.object.Sensors ?? [] }),
      () => alive && setSensors((kept) => (kept?.id === objectId ? kept : { id: objectId, list: [] })),
    );
    return () => {
      alive = false;
    };
  }, [objectId, listed]);
  return sensors && sensors.id === objectId ? sensors.list : null;
}
