// @ts-check
/**
 * `fleet/no-import-circle`: fails an import that leads back to the file it is in.
 *
 * Why our own rule: `import-x/no-cycle` skips type-only imports by design, and every circle
 * this code base had was made of them (a module that needs a type from the module that
 * imports it). A type circle still ties two modules together, so it is counted here.
 * Imports are read with TypeScript's own pre-processor (static, type, dynamic, re-exports,
 * require); only relative specifiers can close a circle inside the repo.
 * Every import is an edge: a directive that silences one line silences that file only, and
 * the circle still fails in the others on it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The CommonJS instance typescript-eslint has already loaded, not a second ESM copy. */
const ts = /** @type {typeof import('typescript')} */ (createRequire(import.meta.url)('typescript'));

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const RULE = 'no-import-circle';

/** @param {string} from @param {string} specifier */
function resolveRelative(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    try {
      if (fs.statSync(file).isFile()) return file;
    } catch {
      // not this extension
    }
  }
  return null;
}

/**
 * The relative imports of one file's text, with their offsets.
 * @param {string} file @param {string} text
 * @returns {{ target: string, pos: number, end: number }[]}
 */
function importsOf(file, text) {
  const edges = [];
  for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
    const target = resolveRelative(file, ref.fileName);
    if (target) edges.push({ target, pos: ref.pos, end: ref.end });
  }
  return edges;
}

/**
 * Files read from disk. A lint run asks for the same files hundreds of times, so an entry is
 * trusted for a second before its mtime is looked at again (editors keep the process).
 * @type {Map<string, { mtime: number, checked: number, targets: string[] }>}
 */
const cache = new Map();
const TRUST_MS = 1000;
/** @param {string} file */
function edgesOnDisk(file) {
  const now = Date.now();
  const hit = cache.get(file);
  if (hit && now - hit.checked < TRUST_MS) return hit.targets;
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    cache.delete(file);
    return [];
  }
  if (hit && hit.mtime === mtime) {
    hit.checked = now;
    return hit.targets;
  }
  const targets = importsOf(file, fs.readFileSync(file, 'utf8')).map((e) => e.target);
  cache.set(file, { mtime, checked: now, targets });
  return targets;
}

/**
 * The shortest chain of imports from `start` back to `home`, or null.
 * @param {string} start @param {string} home
 */
function pathBack(start, home) {
  /** @type {Map<string, string | null>} */
  const parent = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const next of edgesOnDisk(file)) {
      if (next === home) {
        const chain = [];
        for (let at = /** @type {string | null} */ (file); at; at = parent.get(at) ?? null) chain.unshift(at);
        return chain;
      }
      if (!parent.has(next)) {
        parent.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCircle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid imports (type-only ones included) that lead back to the importing file' },
    schema: [],
    messages: { circle: 'Import circle: {{chain}}. Move what both need into a module neither imports.' },
  },
  create(context) {
    const home = context.physicalFilename;
    if (!path.isAbsolute(home)) return {};
    const root = context.cwd;
    const name = (/** @type {string} */ f) => path.relative(root, f);
    return {
      Program() {
        const source = context.sourceCode;
        const seen = new Set();
        for (const edge of importsOf(home, source.text)) {
          if (seen.has(edge.target)) continue;
          seen.add(edge.target);
          const chain = edge.target === home ? [] : pathBack(edge.target, home);
          if (!chain) continue;
          context.report({
            loc: { start: source.getLocFromIndex(edge.pos), end: source.getLocFromIndex(edge.end) },
            messageId: 'circle',
            data: { chain: [home, ...chain, home].map(name).join(' → ') },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'fleet' }, rules: { [RULE]: noImportCircle } };
