/** A value that did not fit its schema, in words: the field's path, what was expected, what came. */
import type { z } from 'zod';

export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'an object';
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}…"` : s;
}

const EXPECTED: Record<string, string> = {
  number: 'a number',
  int: 'an integer',
  string: 'a string',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  nan: 'a number',
};

export function formatPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) {
    if (typeof p === 'number') s += `[${p}]`;
    else s += s === '' ? String(p) : `.${String(p)}`;
  }
  return s === '' ? 'body' : s;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = root;
  for (const p of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PropertyKey, unknown>)[p as string];
  }
  return cur;
}

export function issueText(issue: z.core.$ZodIssue, root: unknown): string {
  const where = formatPath(issue.path);
  const got = valueAt(root, issue.path);
  if (issue.code === 'invalid_type') {
    const exp = EXPECTED[issue.expected] ?? issue.expected;
    return got === undefined ? `${where}: missing (expected ${exp})` : `${where}: expected ${exp}, got ${describe(got)}`;
  }
  if (issue.code === 'invalid_union') {
    // Report the problem of the branch that got furthest (the shape the value was meant as).
    const branches = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
    let best: z.core.$ZodIssue | undefined;
    for (const b of branches) {
      const f = b[0];
      if (f && f.path.length > 0 && (!best || f.path.length > best.path.length)) best = f;
    }
    if (best) return issueText({ ...best, path: [...issue.path, ...best.path] } as z.core.$ZodIssue, root);
    return `${where}: does not match any known shape`;
  }
  return `${where}: ${issue.message} (got ${describe(got)})`;
}
