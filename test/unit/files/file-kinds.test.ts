/** The bytes-versus-name check and the saved names, on real signatures. */
import { describe, expect, it } from 'vitest';
import { checkFile } from '../../../common/file-kinds';
import { savedFileName, uniqueNames } from '../../../main/core/files/naming';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)).concat(new Array(16).fill(0)));

describe('checkFile', () => {
  it('accepts each kind whose bytes match its name', () => {
    expect(checkFile('a.JPG', bytes([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ ok: true, type: 'image/jpeg' });
    expect(checkFile('a.png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toEqual({ ok: true, type: 'image/png' });
    expect(checkFile('a.gif', bytes('GIF89a'))).toEqual({ ok: true, type: 'image/gif' });
    expect(checkFile('a.webp', bytes('RIFF', [1, 2, 3, 4], 'WEBP'))).toEqual({ ok: true, type: 'image/webp' });
    expect(checkFile('a.mp4', bytes([0, 0, 0, 0x18], 'ftypisom'))).toEqual({ ok: true, type: 'video/mp4' });
    expect(checkFile('a.mov', bytes([0, 0, 0, 0x14], 'ftypqt  '))).toEqual({ ok: true, type: 'video/quicktime' });
    expect(checkFile('a.pdf', bytes('%PDF-1.7'))).toEqual({ ok: true, type: 'application/pdf' });
  });

  it('refuses a name that lies about the bytes, unknown bytes, unknown extensions, empty and large files', () => {
    expect(checkFile('a.jpg', bytes('%PDF-1.4'))).toEqual({ ok: false, reason: '"a.jpg" is named as a JPEG image but its contents are a PDF document' });
    expect(checkFile('a.webp', bytes('RIFF', [1, 2, 3, 4], 'AVI '))).toMatchObject({ ok: false });
    expect(checkFile('a.png', bytes('MZ this is an exe'))).toMatchObject({ ok: false, reason: expect.stringContaining('not one') });
    expect(checkFile('a.exe', bytes([0xff, 0xd8, 0xff]))).toMatchObject({ ok: false, reason: expect.stringContaining('.exe is not') });
    expect(checkFile('a.png', new Uint8Array(0))).toMatchObject({ ok: false, reason: '"a.png" is empty' });
    expect(checkFile('a.jpg', bytes([0xff, 0xd8, 0xff]), 10)).toMatchObject({ ok: false, reason: expect.stringContaining('cannot be attached') });
  });
});

describe('saved names', () => {
  it('say object and UTC time, with no characters a file system refuses', () => {
    expect(savedFileName('Van 7 / "north"', Date.UTC(2026, 10, 26, 8, 5, 9), 'image/jpeg')).toBe('Van 7 _ _north_ 2026-11-26 08-05-09Z.jpg');
    expect(savedFileName('Car', 0, 'video/mp4')).toBe('Car 1970-01-01 00-00-00Z.mp4');
    expect(uniqueNames(['a.png', 'a.png', 'b.png', 'a.png'])).toEqual(['a.png', 'a (2).png', 'b.png', 'a (3).png']);
  });
});
