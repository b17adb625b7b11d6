/**
 * electron-builder.config.ts checked without packaging (the Electron binary cannot be had
 * here): against the JSON schema electron-builder ships, by electron-builder's own check,
 * and every file it names or packs exists.
 */
import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { join, matchesGlob } from 'node:path';
import Ajv from 'ajv';
import type { Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import config from '../../../electron-builder.config';

const root = join(import.meta.dirname, '..', '..', '..');
const schema = JSON.parse(readFileSync(join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string; scripts: Record<string, string> };

// electron-builder's own options: no coercion here, so a wrong type is an error, not a guess.
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

/** A relative path is packed when the last pattern that matches it includes it (electron-builder's rule). */
function packed(path: string, patterns: string[]): boolean {
  let inside = false;
  for (const p of patterns) {
    if (p.startsWith('!')) {
      if (matchesGlob(path, p.slice(1))) inside = false;
    } else if (matchesGlob(path, p)) inside = true;
  }
  return inside;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

describe('electron-builder configuration', () => {
  it('is valid against the schema electron-builder ships, and a misspelt option is not', () => {
    expect(validate(config), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(validate({ ...config, asarUnpak: ['x'] })).toBe(false);
    expect(validate({ ...config, linux: { ...config.linux, target: 'AppImage', icon: 16 } })).toBe(false);
  });

  it("passes electron-builder's own check of a configuration", async () => {
    const { validateConfiguration } = await import('app-builder-lib/out/util/config/config.js');
    const { DebugLogger } = await import('builder-util');
    const logger = new DebugLogger(false);
    await expect(validateConfiguration(structuredClone(config), logger)).resolves.toBeUndefined();
    await expect(validateConfiguration({ ...structuredClone(config), nsis: { oneClik: false } } as Configuration, logger)).rejects.toThrow(/configuration\.nsis/);
  });

  it('names an afterPack hook that electron-builder resolves to the fuses function', async () => {
    const { resolveFunction } = await import('app-builder-lib/out/util/resolve.js');
    const hook = await resolveFunction<unknown>('module', config.afterPack, 'afterPack', root);
    expect(typeof hook).toBe('function');
    expect((hook as { name: string }).name).toBe('afterPack');
  });

  it('builds the asked targets, in an asar, with the update feed off the real network until set', () => {
    expect(config.asar).toBe(true);
    expect(strings(config.linux?.target).sort()).toEqual(['AppImage', 'deb']);
    expect(strings(config.win?.target)).toEqual(['nsis']);
    expect(strings(config.mac?.target)).toEqual(['dmg']);
    expect(config.publish).toMatchObject({ provider: 'generic' });
    // Nothing compiled or fetched for native modules: the prebuilds are Node-API.
    expect([config.npmRebuild, config.nodeGypRebuild, config.buildDependenciesFromSource]).toEqual([false, false, false]);
    expect(pkg.scripts.dist).toMatch(/electron-builder .*--config electron-builder\.config\.ts/);
    expect(pkg.scripts.dist).toMatch(/--publish never/);
  });

  it('names icons and a hook that exist, at the sizes each platform asks for', () => {
    const linuxIcons = readdirSync(join(root, config.linux!.icon!));
    for (const n of [16, 24, 32, 48, 64, 128, 256, 512, 1024]) expect(linuxIcons).toContain(`${n}x${n}.png`);
    expect(existsSync(join(root, config.win!.icon!))).toBe(true);
    expect(existsSync(join(root, config.mac!.icon!))).toBe(true);
    expect(existsSync(join(root, config.afterPack as string))).toBe(true);
    expect(existsSync(join(root, config.directories!.buildResources!))).toBe(true);
  });

  it("unpacks better-sqlite3's prebuilds from the asar and leaves its sources out", () => {
    const files = strings(config.files);
    const unpack = strings(config.asarUnpack);
    const prebuilds = globSync('node_modules/better-sqlite3/prebuilds/*.node', { cwd: root });
    expect(prebuilds.length).toBeGreaterThan(0);
    for (const p of prebuilds) {
      expect(unpack.some((u) => matchesGlob(p, u)), p).toBe(true);
      // electron-builder applies only the exclusions of `files` to node_modules.
      expect(packed(p, ['**/*', ...files.filter((f) => f.startsWith('!'))]), p).toBe(true);
    }
    for (const f of ['node_modules/better-sqlite3/deps/sqlite3/sqlite3.c', 'node_modules/better-sqlite3/src/addon.cpp', 'node_modules/better-sqlite3/binding.gyp']) {
      expect(existsSync(join(root, f)), f).toBe(true);
      expect(packed(f, ['**/*', ...files.filter((x) => x.startsWith('!'))]), f).toBe(false);
    }
    // A platform's own file list replaces this one in some of electron-builder's merges.
    for (const platform of ['linux', 'win', 'mac'] as const) expect(config[platform]?.files, platform).toBeUndefined();
  });

  it("packs the build's entry points and leaves out browser mode's host and source maps", () => {
    const files = strings(config.files);
    for (const f of [pkg.main, 'out/preload/index.cjs', 'out/renderer/index.html', 'out/main/worker.js', 'package.json']) {
      expect(packed(f, files), f).toBe(true);
    }
    expect(packed('out/main/host.js', files)).toBe(false);
    expect(packed('out/main/index.js.map', files)).toBe(false);
    expect(packed('main/index.ts', files)).toBe(false);
  });

  // out/ exists after `npx electron-vite build` (npm test builds it before the e2e suite).
  it.skipIf(!existsSync(join(root, 'out')))('finds every packed entry point in the build', () => {
    for (const f of [pkg.main, 'out/preload/index.cjs', 'out/renderer/index.html', 'out/main/worker.js']) {
      expect(existsSync(join(root, f)), f).toBe(true);
    }
  });
});
