/**
 * A filled, anti-aliased disc as a BGRA bitmap (what Electron's nativeImage.createFromBitmap
 * takes): the tray icon and Windows' taskbar overlay, drawn here so the shell needs no image
 * file to show the alarm state (the app's icons belong to packaging).
 */
export function discBitmap(size: number, rgb: readonly [number, number, number]): Buffer {
  const buf = Buffer.alloc(size * size * 4);
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - r, y + 0.5 - r);
      // One pixel of soft edge, so the disc is round at 16 px too.
      const a = Math.max(0, Math.min(1, r - d));
      const i = (y * size + x) * 4;
      buf[i] = Math.round(rgb[2] * a);
      buf[i + 1] = Math.round(rgb[1] * a);
      buf[i + 2] = Math.round(rgb[0] * a);
      buf[i + 3] = Math.round(255 * a);
    }
  }
  return buf;
}
