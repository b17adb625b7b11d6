#!/usr/bin/env bash
# Renders resources/icon.svg into every icon the installers ask for, into resources/:
#   icons/NxN.png (Linux: AppImage and deb take the folder; the largest is the source of the rest),
#   icon.png (1024), icon.ico (Windows/NSIS: 16-256), icon.icns (macOS/dmg: 16-1024).
# The outputs are committed, so neither CI nor `npm run dist` needs these tools; run it again
# after changing the SVG. Needs Debian's librsvg2-bin, icoutils and python3.
set -euo pipefail
cd "$(dirname "$0")/../resources"
for tool in rsvg-convert icotool python3; do
  command -v "$tool" >/dev/null || { echo "make-icons: $tool is missing (apt-get install librsvg2-bin icoutils python3)" >&2; exit 2; }
done
mkdir -p icons
for n in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert -w "$n" -h "$n" icon.svg -o "icons/${n}x${n}.png"
done
cp icons/1024x1024.png icon.png
# Windows shows 256 from a PNG entry (-r: stored raw) and the small ones as bitmaps.
icotool -c -o icon.ico icons/16x16.png icons/24x24.png icons/32x32.png icons/48x48.png icons/64x64.png icons/128x128.png -r icons/256x256.png
# icns: PNG entries, as Apple's iconutil writes them. png2icns (icnsutils) would store 256 and up as
# JPEG 2000, a form Apple's own tools no longer write, so the container (a type, a length and
# the PNG per size, 1x and 2x) is written here; test/unit/packaging/icons.test.ts reads it back.
python3 - <<'PY'
import struct
types = [('icp4', 16), ('icp5', 32), ('icp6', 64), ('ic07', 128), ('ic08', 256), ('ic09', 512), ('ic10', 1024),
         ('ic11', 32), ('ic12', 64), ('ic13', 256), ('ic14', 512)]
body = b''
for kind, n in types:
    png = open(f'icons/{n}x{n}.png', 'rb').read()
    body += kind.encode() + struct.pack('>I', 8 + len(png)) + png
open('icon.icns', 'wb').write(b'icns' + struct.pack('>I', 8 + len(body)) + body)
PY
echo "make-icons: resources/icons/*.png, icon.png, icon.ico, icon.icns written"
