/**
 * The app's pages are served from `fleet://app/`, a privileged standard scheme, rather
 * than file://: a real origin for the CSP, and no access to the rest of the disk.
 */
import { net, protocol } from 'electron';
import { join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Core } from '../core/app';
import { APP_SCHEME } from './security';

/** Map tiles from the core's cache: fleet-tile://tiles/{z}/{x}/{y} (the CSP allows it as images only). */
export const TILE_SCHEME = 'fleet-tile';

export function registerSchemeAsPrivileged(): void {
  protocol.registerSchemesAsPrivileged([
    // codeCache: Chromium keeps compiled script only for http(s) unless a scheme asks; without
    // it every launch compiled the page's whole bundle again (decision 0077).
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    { scheme: TILE_SCHEME, privileges: { standard: true, secure: true } },
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

export function serveTiles(core: Core): void {
  if (protocol.isProtocolHandled(TILE_SCHEME)) return;
  protocol.handle(TILE_SCHEME, async (req) => {
    const m = /^\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})$/.exec(new URL(req.url).pathname);
    if (!m) return new Response('Not found', { status: 404 });
    const reply = await core.dispatcher.dispatch({ id: 0, name: 'tiles/get', args: { z: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } });
    if (reply.type === 'error') return new Response(reply.error.message, { status: reply.error.code === 'not_found' ? 404 : 502 });
    const tile = reply.result as { data: Uint8Array; contentType: string };
    return new Response(tile.data as Uint8Array<ArrayBuffer>, { headers: { 'content-type': tile.contentType, 'cache-control': 'private, max-age=86400' } });
  });
}
