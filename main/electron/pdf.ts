/**
 * The Electron shell's answer to `reports/pdf`: the user picks where, and the window that
 * asked is printed with its print stylesheet (webContents.printToPDF). It needs the asking
 * window, which the core's dispatcher never sees, so the IPC handler routes this one method
 * here; every other method, and this one's bad arguments, go to the dispatcher as usual.
 */
import { BrowserWindow, dialog, type WebContents } from 'electron';
import { writeFile } from 'node:fs/promises';
import { pdfError, pdfReply, readPdfRequest } from '../core/reports/pdf-request';

/** A name the save dialog and every file system accept: no separators or control characters. */
function safeName(base: string): string {
  return base.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').trim() || 'report';
}

/** The reply to a `reports/pdf` request from `sender`, or null when the envelope is not one it can answer. */
export async function answerPdf(sender: WebContents, raw: unknown): Promise<ReturnType<typeof pdfReply> | null> {
  const req = readPdfRequest(raw);
  if (!req) return null;
  try {
    const win = BrowserWindow.fromWebContents(sender);
    const options = { defaultPath: `${safeName(req.fileBase)}.pdf`, filters: [{ name: 'PDF', extensions: ['pdf'] }] };
    const pick = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (pick.canceled || !pick.filePath) return pdfReply(req.id, { via: 'file', path: null });
    const bytes = await sender.printToPDF({ printBackground: true, landscape: true, pageSize: 'A4' });
    await writeFile(pick.filePath, bytes);
    return pdfReply(req.id, { via: 'file', path: pick.filePath });
  } catch (e) {
    return pdfError(req.id, `The PDF was not saved: ${e instanceof Error ? e.message : String(e)}`);
  }
}
