/**
 * Every language has every key, with the plural forms its grammar needs and the same
 * placeholders; every key the code asks for exists. A screen half in English, or a count
 * that reads "5 объект", fails here rather than in front of an operator.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../renderer/src/i18n/languages';

const ROOT = join(import.meta.dirname, '../../..');
const LOCALES = join(ROOT, 'renderer/src/i18n/locales');
const SOURCE = join(ROOT, 'renderer/src');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

function load(lang: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const file of readdirSync(join(LOCALES, lang))) {
    if (!file.endsWith('.json')) continue;
    out.set(file.slice(0, -5), flatten(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')) as Tree));
  }
  return out;
}

const byLang = new Map(LANGUAGES.map((l) => [l, load(l)]));
const en = byLang.get('en')!;
const base = (key: string) => key.replace(PLURAL, '');
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has the same namespaces in every language', () => {
    for (const lang of LANGUAGES) expect([...byLang.get(lang)!.keys()].sort(), lang).toEqual([...en.keys()].sort());
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: every key, every plural form, the same placeholders, nothing empty`, () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const [ns, enKeys] of en) {
        const mine = byLang.get(lang)!.get(ns) ?? new Map<string, string>();
        const enBases = new Set([...enKeys.keys()].map(base));
        const myBases = new Set([...mine.keys()].map(base));
        for (const b of enBases) if (!myBases.has(b)) problems.push(`${ns}:${b} missing`);
        for (const b of myBases) if (!enBases.has(b)) problems.push(`${ns}:${b} not in English`);
        const plurals = new Set([...enKeys.keys(), ...mine.keys()].filter((k) => PLURAL.test(k)).map(base));
        for (const b of plurals) {
          for (const c of categories) if (!mine.has(`${b}_${c}`)) problems.push(`${ns}:${b}_${c} missing (plural)`);
        }
        for (const [key, text] of mine) {
          if (!text.trim()) problems.push(`${ns}:${key} empty`);
          const enText = enKeys.get(key) ?? enKeys.get(`${base(key)}_other`);
          if (enText !== undefined && !PLURAL.test(key)) {
            expect.soft(placeholders(text), `${lang} ${ns}:${key} placeholders`).toEqual(placeholders(enText));
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('has every key the code asks for', () => {
    const missing: string[] = [];
    const has = (ns: string, key: string) => {
      const keys = en.get(ns);
      return !!keys && (keys.has(key) || keys.has(`${key}_other`));
    };
    for (const file of sourceFiles(SOURCE)) {
      const text = readFileSync(file, 'utf8');
      const namespaces = [...text.matchAll(/useTranslation\(\s*['"]([\w-]+)['"]/g)].map((m) => m[1]!);
      for (const m of text.matchAll(/(?:\bt|i18n\.t)\(\s*(['"])([^'"$]+)\1/g)) {
        const raw = m[2]!;
        const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [null, raw];
        const found = ns ? has(ns, key) : namespaces.length ? namespaces.some((n) => has(n, key)) : [...en.keys()].some((n) => has(n, key));
        if (!found) missing.push(`${relative(ROOT, file)}: ${raw}`);
      }
      for (const m of text.matchAll(/i18nKey=["']([^"']+)["']/g)) {
        const raw = m[1]!;
        const [ns, key] = raw.includes(':') ? (raw.split(':', 2) as [string, string]) : [namespaces[0] ?? 'app', raw];
        if (!has(ns, key)) missing.push(`${relative(ROOT, file)}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}
