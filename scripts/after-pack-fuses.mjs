// electron-builder's afterPack hook: Electron's fuses flipped in the packed binary. It runs
// after the app is copied in and before electron-builder signs, so the signature covers the
// flipped bytes. The fuses are compiled-in switches no command line or environment can undo.
import { join } from 'node:path';
import { flipFuses, FuseV1Options, FuseVersion } from '@electron/fuses';

// builder-util's Arch enum (not imported: the hook must load without electron-builder's internals).
const ARM64 = 3;
const UNIVERSAL = 4;

/** The fuses for one platform's binary; every fuse is named, so a new one fails the build until decided. */
export function fuseConfig(platform, arch) {
  // Electron checks the asar against a hash embedded at build time on macOS and Windows only.
  const asarIntegrity = platform === 'darwin' || platform === 'mas' || platform === 'win32';
  return {
    version: FuseVersion.V1,
    strictlyRequireAllFuses: true,
    // Apple Silicon refuses a binary whose ad-hoc signature no longer matches; signing proper
    // follows this hook when an identity is configured.
    resetAdHocDarwinSignature: platform === 'darwin' && (arch === ARM64 || arch === UNIVERSAL),
    // ELECTRON_RUN_AS_NODE would turn the signed app into a plain Node for any caller.
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: asarIntegrity,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
    [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
    // The renderer is served from fleet://, never file://.
    [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    // Electron's default; WebAssembly is faster with it.
    [FuseV1Options.WasmTrapHandlers]: true,
  };
}

/** Where electron-builder put the Electron binary (the same rule as its own fuse step). */
export function packedBinary(context) {
  const { appOutDir, electronPlatformName: platform, packager } = context;
  switch (platform) {
    case 'darwin':
    case 'mas':
      return join(appOutDir, `${packager.appInfo.productFilename}.app`);
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`);
    default:
      return join(appOutDir, packager.executableName);
  }
}

export async function afterPack(context) {
  const binary = packedBinary(context);
  await flipFuses(binary, fuseConfig(context.electronPlatformName, context.arch));
  console.log(`  • fuses set in ${binary}`);
}

export default afterPack;
