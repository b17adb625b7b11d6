/**
 * scripts/after-pack-fuses.mjs, electron-builder's afterPack hook, run on stub binaries laid
 * out as electron-builder leaves each platform's app: @electron/fuses finds the fuse wire
 * after its sentinel, so a file holding the sentinel and a wire is enough to see which bytes
 * the hook writes. No Electron binary can be had here.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs hook for electron-builder, without type declarations.
import { afterPack } from '../../../scripts/after-pack-fuses.mjs';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// The wire as Electron ships it (its fuses documentation): RunAsNode, cookie encryption, NODE_OPTIONS, --inspect, asar integrity,
// only-asar, browser V8 snapshot, file:// privileges, wasm trap handlers.
const ELECTRON_DEFAULT = '101100011';
const before = Buffer.from('\x7fELF stub: code before the wire '.repeat(40), 'latin1');
const after = Buffer.from(' code after the wire '.repeat(40), 'latin1');

function stub(path: string, wire = ELECTRON_DEFAULT): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, Buffer.concat([before, Buffer.from(SENTINEL, 'latin1'), Buffer.from([1, wire.length]), Buffer.from(wire, 'latin1'), after]));
}

/** The wire as '0'/'1' characters, and whether everything around it is as it was. */
function readWire(path: string): { wire: string; restIntact: boolean } {
  const b = readFileSync(path);
  const at = b.indexOf(SENTINEL, 0, 'latin1') + SENTINEL.length;
  const len = b[at + 1]!;
  const rest = Buffer.concat([b.subarray(0, at - SENTINEL.length), b.subarray(at + 2 + len)]);
  return { wire: b.toString('latin1', at + 2, at + 2 + len), restIntact: rest.equals(Buffer.concat([before, after])) };
}

const packager = { executableName: 'fleet-console', appInfo: { productFilename: 'Fleet Console' } };
const X64 = 1;

describe('fuses flipped after packing', () => {
  it('Linux: no run-as-node, NODE_OPTIONS or --inspect, encrypted cookies, only the asar; no asar integrity (not on Linux)', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'fleet-fuses-'));
    const bin = join(appOutDir, 'fleet-console');
    stub(bin);
    await afterPack({ appOutDir, electronPlatformName: 'linux', arch: X64, packager });
    expect(readWire(bin)).toEqual({ wire: '010001001', restIntact: true });
  });

  it('Windows: the same, with the embedded asar integrity check on', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'fleet-fuses-'));
    const bin = join(appOutDir, 'Fleet Console.exe');
    stub(bin);
    await afterPack({ appOutDir, electronPlatformName: 'win32', arch: X64, packager });
    expect(readWire(bin)).toEqual({ wire: '010011001', restIntact: true });
  });

  it("macOS: in the app's Electron Framework, with the asar integrity check on", async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'fleet-fuses-'));
    const framework = join(appOutDir, 'Fleet Console.app', 'Contents', 'Frameworks', 'Electron Framework.framework', 'Electron Framework');
    stub(framework);
    await afterPack({ appOutDir, electronPlatformName: 'darwin', arch: X64, packager });
    expect(readWire(framework)).toEqual({ wire: '010011001', restIntact: true });
  });

  it('stops the build, writing nothing, when Electron has a fuse the hook does not decide', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'fleet-fuses-'));
    const bin = join(appOutDir, 'fleet-console');
    stub(bin, `${ELECTRON_DEFAULT}1`);
    await expect(afterPack({ appOutDir, electronPlatformName: 'linux', arch: X64, packager })).rejects.toThrow(/strictlyRequireAllFuses/);
    expect(readWire(bin)).toEqual({ wire: `${ELECTRON_DEFAULT}1`, restIntact: true });
  });
});
