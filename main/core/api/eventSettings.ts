/** Rules that generate events (EventSettings) and their groups (EventSettingsGroups). */
import type { Http } from './http';
import { crud } from './shared';

export function eventSettingsApi(http: Http) {
  return { ...crud(http, '/api/EventSettings'), groups: crud(http, '/api/EventSettingsGroups') };
}
