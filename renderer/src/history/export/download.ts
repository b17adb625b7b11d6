/** Hands a file to the browser as a download from a Blob URL (no server round trip). */
export function download(parts: BlobPart[] | Blob, filename: string, type: string): void {
  const blob = parts instanceof Blob ? parts : new Blob(parts, { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The download has its own reference by now; revoking later keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
