import type { HandlerMap } from '../rpc/dispatcher';
import type { OfflineFirst } from '../services';

export function geocodeHandlers(offline: OfflineFirst): HandlerMap {
  return {
    'geocode/address': (a) => offline.current().geocoder.lookup(a.lat, a.lng),
    'geocode/addresses': async (a) => {
      const g = offline.current().geocoder;
      return { results: await Promise.all(a.points.map((p) => g.lookup(p.lat, p.lng))) };
    },
  };
}
