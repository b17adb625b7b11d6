/**
 * The one contract: every method the renderer can call and every push the main side
 * sends, built from the per-domain maps. Add a domain by adding its map here.
 */
import type { z } from 'zod';
import type { MethodDef, PushDef } from './define';
import { connectivityMethods, connectivityPushes } from './methods/connectivity';
import { liveMethods, livePushes } from './methods/live';
import { sessionMethods, sessionPushes } from './methods/session';
import { historyMethods, historyPushes } from './methods/history';
import { eventsMethods, eventsPushes } from './methods/events';
import { outboxMethods, outboxPushes } from './methods/outbox';
import { commandsMethods, commandsPushes } from './methods/commands';
import { geocodeMethods, geocodePushes } from './methods/geocode';
import { geozonesMethods, geozonesPushes } from './methods/geozones';
import { tilesMethods, tilesPushes } from './methods/tiles';
import { diagnosticsMethods, diagnosticsPushes } from './methods/diagnostics';
import { noticesMethods, noticesPushes } from './methods/notices';
import { jobsMethods, jobsPushes } from './methods/jobs';
import { catalogueMethods, cataloguePushes } from './methods/catalogue';
import { reportsMethods, reportsPushes } from './methods/reports';
import { filesMethods, filesPushes } from './methods/files';
import { historyImportMethods } from './methods/history-import';
import { shellMethods, shellPushes } from './methods/shell';
import { settingsMethods, settingsPushes } from './methods/settings';

export const methods = {
  ...sessionMethods,
  ...liveMethods,
  ...connectivityMethods,
  ...historyMethods,
  ...eventsMethods,
  ...outboxMethods,
  ...commandsMethods,
  ...geocodeMethods,
  ...geozonesMethods,
  ...tilesMethods,
  ...diagnosticsMethods,
  ...noticesMethods,
  ...jobsMethods,
  ...catalogueMethods,
  ...reportsMethods,
  ...filesMethods,
  ...historyImportMethods,
  ...shellMethods,
  ...settingsMethods,
} satisfies Record<string, MethodDef>;

export const pushes = {
  ...sessionPushes,
  ...livePushes,
  ...connectivityPushes,
  ...historyPushes,
  ...eventsPushes,
  ...outboxPushes,
  ...commandsPushes,
  ...geocodePushes,
  ...geozonesPushes,
  ...tilesPushes,
  ...diagnosticsPushes,
  ...noticesPushes,
  ...jobsPushes,
  ...cataloguePushes,
  ...reportsPushes,
  ...filesPushes,
  ...shellPushes,
  ...settingsPushes,
} satisfies Record<string, PushDef>;

export type Methods = typeof methods;
export type MethodName = keyof Methods;
/** What the renderer passes (defaults optional). */
export type ArgsIn<N extends MethodName> = z.input<Methods[N]['args']>;
/** What a handler receives (after parsing and defaults). */
export type ArgsOf<N extends MethodName> = z.output<Methods[N]['args']>;
export type ResultOf<N extends MethodName> = NonNullable<Methods[N]['__result']>;

export type Pushes = typeof pushes;
export type PushName = keyof Pushes;
export type PayloadOf<P extends PushName> = NonNullable<Pushes[P]['__payload']>;

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methods, name);
}
