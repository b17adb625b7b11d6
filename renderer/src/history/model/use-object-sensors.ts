import { useEffect, useState } from 'react';
import type { Sensor } from '../../../../common/resources';
import { rpc } from '../../rpc/client';

/**
 * One object's sensors, from the core's cache (objects/details): the live list carries
 * objects without them, since 50,000 objects' sensors are two thirds of its bytes.
 * Null until they arrive, or when the cache does not know the object.
 */
export function useObjectSensors(objectId: number | null): Sensor[] | null {
  const [sensors, setSensors] = useState<{ id: number; list: Sensor[] } | null>(null);
  useEffect(() => {
    if (objectId === null) return;
    let alive = true;
    rpc('objects/details', { id: objectId }).then(
      (d) => alive && setSensors({ id: objectId, list: d.object.Sensors ?? [] }),
      () => alive && setSensors({ id: objectId, list: [] }),
    );
    return () => {
      alive = false;
    };
  }, [objectId]);
  return sensors && sensors.id === objectId ? sensors.list : null;
}
