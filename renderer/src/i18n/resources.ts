// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- unit tests (typed for Node, no vite types) reach this file through the words they test
/// <reference path="./glob.d.ts" />
/**
 * Every translation file, bundled: `locales/<language>/<namespace>.json`, one namespace per
 * renderer folder (its own name; `app` for the top files), so each folder's strings live beside
 * one another and two people translating two folders never edit the same file.
 */
import type { Resource, ResourceLanguage } from 'i18next';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

export function bundledResources(): Resource {
  const out: Record<string, ResourceLanguage> = {};
  for (const [path, tree] of Object.entries(files)) {
    const m = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!m) continue;
    (out[m[1]!] ??= {})[m[2]!] = tree;
  }
  return out;
}

export function bundledNamespaces(): string[] {
  const names = new Set<string>();
  for (const path of Object.keys(files)) {
    const m = /\/([^/]+)\.json$/.exec(path);
    if (m) names.add(m[1]!);
  }
  return [...names];
}
