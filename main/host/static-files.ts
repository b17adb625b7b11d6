/** The built renderer's files, with the CSP and the headers every page of ours carries. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { CONTENT_SECURITY_POLICY } from '../core/security/csp';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.ico': 'image/x-icon',
};

export function answerText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }).end(text);
}

/**
 * The app shell is read afresh each time; the build's assets carry a hash of their content
 * in their names, so a browser keeps them (and the code it compiled from them) across the
 * host's restarts; anything else for an hour.
 */
export function cacheControl(staticDir: string, file: string): string {
  if (extname(file) === '.html') return 'no-store';
  return relative(resolve(staticDir), file).startsWith(`assets${sep}`) ? 'max-age=31536000, immutable' : 'max-age=3600';
}

/** `file` is inside `staticDir` already (request-target.ts decided it). */
export async function serveFile(req: IncomingMessage, res: ServerResponse, staticDir: string, file: string, appRoute: boolean, log: (msg: string) => void): Promise<void> {
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    // Client-side routes (e.g. /panel/events) all load the app shell.
    if (!appRoute) return answerText(res, 404, 'Not found');
    file = join(resolve(staticDir), 'index.html');
    info = await stat(file).catch(() => null);
    if (!info) return answerText(res, 503, 'The renderer is not built: run npm run build.');
  }
  res.writeHead(200, {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': cacheControl(staticDir, file),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A file that vanished after its stat, or a client gone mid-body: that response ends, not the host.
  pipeline(createReadStream(file), res, (e) => {
    if (e && (e as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log(`a file response failed: ${e.message}`);
  });
}
