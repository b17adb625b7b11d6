import { z } from 'zod';
import { json, type Route } from '../http/route';
import { buildOpenApi, DOCS_HTML } from '../openapi';
import { adminRoutes } from './admin';
import { catalogueRoutes } from './catalogue';
import { commandRoutes } from './commands';
import { eventRoutes } from './events';
import { fileRoutes } from './files';
import { geocoderRoutes } from './geocoder';
import { historyRoutes } from './history';
import { historyExtraRoutes } from './history-extra';
import { historyImportRoutes } from './history-import';
import { objectAdminRoutes } from './objects-admin';
import { objectReadRoutes } from './objects-read';
import { reportRoutes } from './reports';
import { statusRoutes } from './status';
import { tokenRoutes } from './token';

export function allRoutes(): Route[] {
  const routes = apiRoutes();
  let doc: unknown;
  const docs: Route[] = [
    {
      method: 'GET', path: '/api/docs', tag: 'Documentation', auth: false, summary: 'This OpenAPI 3.1 document (no token needed)',
      response: z.looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string() }), paths: z.record(z.string(), z.unknown()) }),
      handler: () => json((doc ??= buildOpenApi([...docs, ...routes]))),
    },
    {
      method: 'GET', path: '/api/docs/ui', tag: 'Documentation', auth: false, summary: 'A schema browser page (HTML)', response: 'binary',
      handler: () => ({ bytes: Buffer.from(DOCS_HTML), type: 'text/html; charset=utf-8' }),
    },
  ];
  return [...docs, ...routes];
}

function apiRoutes(): Route[] {
  return [
    ...tokenRoutes, ...objectReadRoutes, ...objectAdminRoutes, ...statusRoutes, ...historyRoutes, ...historyExtraRoutes, ...historyImportRoutes,
    ...eventRoutes, ...commandRoutes, ...geocoderRoutes, ...catalogueRoutes, ...reportRoutes, ...adminRoutes, ...fileRoutes,
  ];
}
