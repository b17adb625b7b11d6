import type { Connection } from '../connection/open';
import type { HandlerMap } from '../rpc/dispatcher';

export function geocodeHandlers(current: () => Connection): HandlerMap {
  return {
    'geocode/address': (a) => current().geocoder.lookup(a.lat, a.lng),
    'geocode/addresses': (a) => current().lookupAddresses(a.points),
  };
}
