/** Event settings (the rules that raise events), command templates, report templates (no create: the service fails it). */
import type { FleetApi } from '../api';
import { crudSource, type CollectionSource } from './source';

export function ruleSources(api: FleetApi): CollectionSource[] {
  return [
    crudSource('eventSettings', 'eventSettings', api.eventSettings),
    crudSource('commandTemplates', 'commandTemplates', api.commandTemplates),
    crudSource('reportTemplates', 'reportTemplates', api.reportTemplates),
  ];
}
