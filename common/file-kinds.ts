/**
 * What a file's bytes are, by their first bytes (magic numbers), and whether that agrees with
 * what its name and media type claim. Shared by the renderer (refuses at once, before the
 * bytes travel) and the core (the check that counts, before anything is sent to the service).
 */

/** Files larger than this are refused before upload (the simulator accepts 20 MB). */
export const ATTACH_MAX_BYTES = 20 * 1024 * 1024;

interface Kind {
  type: string;
  label: string;
  extensions: readonly string[];
  /** Whether the bytes start like this kind. */
  test(b: Uint8Array): boolean;
}

const at = (b: Uint8Array, offset: number, sig: readonly number[]): boolean => sig.every((v, i) => b[offset + i] === v);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** ISO base media (mp4, mov, 3gp): a "ftyp" box at offset 4. */
const isoBox = (b: Uint8Array): boolean => at(b, 4, ascii('ftyp'));

export const FILE_KINDS: readonly Kind[] = [
  { type: 'image/jpeg', label: 'JPEG image', extensions: ['jpg', 'jpeg', 'jpe'], test: (b) => at(b, 0, [0xff, 0xd8, 0xff]) },
  { type: 'image/png', label: 'PNG image', extensions: ['png'], test: (b) => at(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/gif', label: 'GIF image', extensions: ['gif'], test: (b) => at(b, 0, ascii('GIF87a')) || at(b, 0, ascii('GIF89a')) },
  { type: 'image/webp', label: 'WebP image', extensions: ['webp'], test: (b) => at(b, 0, ascii('RIFF')) && at(b, 8, ascii('WEBP')) },
  { type: 'image/bmp', label: 'BMP image', extensions: ['bmp'], test: (b) => at(b, 0, ascii('BM')) },
  { type: 'video/mp4', label: 'MP4 video', extensions: ['mp4', 'm4v'], test: isoBox },
  { type: 'video/quicktime', label: 'QuickTime video', extensions: ['mov'], test: isoBox },
  { type: 'video/3gpp', label: '3GP video', extensions: ['3gp'], test: isoBox },
  { type: 'video/webm', label: 'WebM video', extensions: ['webm', 'mkv'], test: (b) => at(b, 0, [0x1a, 0x45, 0xdf, 0xa3]) },
  { type: 'video/x-msvideo', label: 'AVI video', extensions: ['avi'], test: (b) => at(b, 0, ascii('RIFF')) && at(b, 8, ascii('AVI ')) },
  { type: 'application/pdf', label: 'PDF document', extensions: ['pdf'], test: (b) => at(b, 0, ascii('%PDF-')) },
];

export const ACCEPTED_EXTENSIONS: readonly string[] = FILE_KINDS.flatMap((k) => k.extensions.map((e) => `.${e}`));

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/** The kind the bytes are, or undefined when they are none we know. */
export function sniff(bytes: Uint8Array): Kind | undefined {
  return FILE_KINDS.find((k) => k.test(bytes));
}

export type FileCheck = { ok: true; type: string } | { ok: false; reason: string };

/**
 * Accepted when the name's extension names a kind we know and the bytes start like that kind
 * (mp4/mov/3gp share one box format, so any of them passes for another).
 */
export function checkFile(name: string, bytes: Uint8Array, maxBytes = ATTACH_MAX_BYTES): FileCheck {
  const ext = extensionOf(name);
  if (bytes.length === 0) return { ok: false, reason: `"${name}" is empty` };
  const tooLarge = sizeRefusal(name, bytes.length, maxBytes);
  if (tooLarge) return { ok: false, reason: tooLarge };
  const claimed = FILE_KINDS.find((k) => k.extensions.includes(ext));
  if (!claimed) return { ok: false, reason: `"${name}": ${ext ? `.${ext}` : 'a name without an extension'} is not a photo, video or document type that can be attached (${ACCEPTED_EXTENSIONS.join(' ')})` };
  const actual = sniff(bytes);
  if (!actual) return { ok: false, reason: `"${name}" is named as a ${claimed.label} but its contents are not one (unrecognised bytes)` };
  if (actual.test !== claimed.test) return { ok: false, reason: `"${name}" is named as a ${claimed.label} but its contents are a ${actual.label}` };
  return { ok: true, type: claimed.type };
}

/** Why a file of this size cannot be attached, or null (the renderer asks before reading a big file). */
export function sizeRefusal(name: string, size: number, maxBytes = ATTACH_MAX_BYTES): string | null {
  return size > maxBytes ? `"${name}" is ${mb(size)}; files larger than ${mb(maxBytes)} cannot be attached` : null;
}

function mb(n: number): string {
  return `${(n / 1024 / 1024).toFixed(n < 1024 * 1024 ? 2 : 1)} MB`;
}
