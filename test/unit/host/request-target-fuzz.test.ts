/**
 * The host's URL handling, fuzzed: whatever a page sends as a request target, deciding what
 * it names never throws, and a file it names is always inside the static folder.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TARGET_LENGTH, resolveTarget, type Target } from '../../../main/host/request-target';

const staticDir = join(mkdtempSync(join(tmpdir(), 'fleet-fuzz-')), 'renderer');
const root = resolve(staticDir);

/** Pieces that matter to paths and to percent-decoding, in any order. */
const piece = fc.constantFrom('/', '//', '\\', '..', '.', '%', '%2', '%2e', '%2E%2e', '%2f', '%2F', '%5c', '%00', '\0', '%E0%A4%A', '%C0%AE', '%ff', '?', '#', '@', ':', '%25', 'http:', 'tiles', 'bulk', 'session', 'index.html', 'a', 'é', '\ud800', ' ', '\t', '\n');
const targets = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.array(piece, { maxLength: 40 }).map((p) => p.join('')),
  fc.array(piece, { maxLength: 40 }).map((p) => `/${p.join('')}`),
  fc.webPath().map((p) => `/${p}`),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);

function checkInside(t: Target) {
  if (t.kind === 'file') {
    const rel = relative(root, t.file);
    expect(rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel), t.file).toBe(false);
    expect(t.file.startsWith(root + sep)).toBe(true);
    expect(t.file.includes('\0')).toBe(false);
  }
  if (t.kind === 'route') expect(t.url.host).toBe('127.0.0.1');
}

describe('the host deciding what a request target names', () => {
  it('never throws and never names a file outside the static folder', () => {
    fc.assert(
      fc.property(targets, (raw) => {
        checkInside(resolveTarget(raw, staticDir));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses every target longer than the cap, whatever it holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 64 }), (tail) => {
        const raw = `/${tail.repeat(Math.ceil((MAX_TARGET_LENGTH + 1) / tail.length))}`;
        expect(resolveTarget(raw, staticDir)).toMatchObject({ kind: 'refused', status: 414 });
      }),
      { numRuns: 200 },
    );
  });

  it('names the app shell and client routes as before', () => {
    expect(resolveTarget('/', staticDir)).toEqual({ kind: 'file', file: join(root, 'index.html'), appRoute: false });
    expect(resolveTarget('/panel/events', staticDir)).toEqual({ kind: 'file', file: join(root, 'panel/events'), appRoute: true });
    expect(resolveTarget('/assets/app%20x.js?v=1', staticDir)).toEqual({ kind: 'file', file: join(root, 'assets/app x.js'), appRoute: false });
    expect(resolveTarget('/..%2f..%2fetc%2fpasswd', staticDir)).toMatchObject({ kind: 'refused', status: 403 });
    expect(resolveTarget('/bulk/abc?token=t', staticDir)).toMatchObject({ kind: 'route', route: 'bulk' });
  });
});
