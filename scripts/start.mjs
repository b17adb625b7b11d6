// `npm start`: build what is stale, then run Electron where its binary exists and
// browser mode where it does not (say so in one line). Flags pass through:
//   --browser  --port N  --no-open  --server URL  --data-dir DIR
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const SOURCES = ['common', 'main', 'preload', 'renderer', 'simulator', 'resources', 'electron.vite.config.ts', 'package.json'];
const OUTPUTS = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) if (name !== 'node_modules') max = Math.max(max, newest(join(path, name)));
  return max;
}

function isStale() {
  const outs = OUTPUTS.map((p) => join(root, p));
  if (!outs.every((p) => existsSync(p))) return true;
  const built = Math.min(...outs.map((p) => statSync(p).mtimeMs));
  return SOURCES.some((s) => newest(join(root, s)) > built);
}

/** The Electron binary's path when it is installed; null where it could not be downloaded. */
function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const p = join(process.env.ELECTRON_OVERRIDE_DIST_PATH, process.platform === 'win32' ? 'electron.exe' : 'electron');
    return existsSync(p) ? p : null;
  }
  try {
    const pkgDir = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const pathFile = join(pkgDir, 'path.txt');
    if (!existsSync(pathFile)) return null;
    const bin = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
    return existsSync(bin) ? bin : null;
  } catch {
    return null;
  }
}

if (isStale()) {
  console.log('Building…');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const forceBrowser = args.includes('--browser');
const electron = forceBrowser ? null : electronBinary();
let child;
if (electron) {
  child = spawn(electron, [root, ...args], { cwd: root, stdio: 'inherit' });
} else {
  if (!forceBrowser) console.log('Electron is not installed on this machine; starting browser mode instead.');
  child = spawn(process.execPath, [join(root, 'out/main/host.js'), ...args.filter((a) => a !== '--browser')], { cwd: root, stdio: 'inherit' });
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
