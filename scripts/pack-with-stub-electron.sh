#!/usr/bin/env bash
# Packs the Linux app folder with a stand-in for Electron (a file holding only the fuse
# sentinel and wire), for machines where Electron's binary cannot be downloaded: electron-builder
# then runs for real (file selection, asar, unpacked prebuilds, the fuses hook, app-update.yml)
# and nothing is fetched (electronDist names the stand-in). The result cannot start.
# Needs a real node_modules folder (a symlinked one, as in a git worktree, hides transitive
# dependencies from `npm ls`) and a build in out/. Usage: scripts/pack-with-stub-electron.sh [OUTDIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$(mktemp -d)}"
stub="$(mktemp -d)"
mkdir -p "$stub/resources"
printf 'stub Electron: dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX\001\011101100011 end' >"$stub/electron"
chmod +x "$stub/electron"
echo stub >"$stub/LICENSE"
node -p "require('$root/node_modules/electron/package.json').version" >"$stub/version"
cd "$root"
npx electron-builder --linux dir --config electron-builder.config.ts --publish never \
  -c.electronDist="$stub" -c.directories.output="$out"
app="$out/linux-unpacked"
node --input-type=module -e "
import { getCurrentFuseWire } from '@electron/fuses';
import asar from '@electron/asar';
const wire = await getCurrentFuseWire('$app/fleet-console');
console.log('fuses (0 off, 1 on):', Object.keys(wire).filter((k) => k !== 'version').map((k) => String.fromCharCode(wire[k])).join(''));
const files = asar.listPackage('$app/resources/app.asar');
console.log('asar:', files.length, 'entries; top level:', [...new Set(files.map((f) => f.split('/')[1]))].join(' '));
"
ls "$app/resources/app.asar.unpacked/node_modules/better-sqlite3/prebuilds"
echo "packed into $app"
