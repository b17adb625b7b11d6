/**
 * The app's pages are served from `fleet://app/`, a privileged standard scheme, rather
 * than file://: a real origin for the CSP, and no access to the rest of the disk.
 */
import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_SCHEME } from './security';

export function registerSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

export function serveRenderer(rendererDir: string): void {
  const root = normalize(rendererDir + sep);
  protocol.handle(APP_SCHEME, (req) => {
    const url = new URL(req.url);
    let rel = decodeURIComponent(url.pathname);
    if (rel === '/' || !rel.includes('.')) rel = '/index.html';
    const file = normalize(join(root, rel));
    if (!file.startsWith(root)) return new Response('Forbidden', { status: 403 });
    return net.fetch(pathToFileURL(file).toString());
  });
}
