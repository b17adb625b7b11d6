import type { Route } from '../http/route';
import { objectReadRoutes } from './objects-read';
import { statusRoutes } from './status';
import { tokenRoutes } from './token';

export function allRoutes(): Route[] {
  return [...tokenRoutes, ...objectReadRoutes, ...statusRoutes];
}
