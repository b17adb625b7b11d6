import type { Route } from '../http/route';
import { commandRoutes } from './commands';
import { eventRoutes } from './events';
import { geocoderRoutes } from './geocoder';
import { historyRoutes } from './history';
import { objectReadRoutes } from './objects-read';
import { statusRoutes } from './status';
import { tokenRoutes } from './token';

export function allRoutes(): Route[] {
  return [...tokenRoutes, ...objectReadRoutes, ...statusRoutes, ...historyRoutes, ...eventRoutes, ...commandRoutes, ...geocoderRoutes];
}
