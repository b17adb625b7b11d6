import { BrowserWindow, ipcMain } from 'electron';
import type { Core } from '../core/app';
import { answerPdf } from './pdf';
import { serveTiles } from './protocol';
import { isTrustedSender } from './security';

/** The Electron transport: the same envelope as browser mode, over invoke/send. */
export function connectIpc(core: Core): () => void {
  // Tiles come from the same core as the envelope; registered here so the shell's entry stays as it is.
  serveTiles(core);
  ipcMain.handle('fleet:rpc', (event, envelope: unknown) => {
    if (!isTrustedSender(event.senderFrame)) {
      return { type: 'error', id: null, error: { code: 'forbidden', message: 'Not an app frame' } };
    }
    // A report's PDF needs the asking window, which the dispatcher never sees (pdf.ts).
    return answerPdf(event.sender, envelope).then((pdf) => pdf ?? core.dispatcher.dispatch(envelope));
  });
  const unsubscribe = core.bus.subscribe((env) => {
    for (const win of BrowserWindow.getAllWindows()) {
      if (!win.isDestroyed()) win.webContents.send('fleet:push', env);
    }
  });
  return () => {
    unsubscribe();
    ipcMain.removeHandler('fleet:rpc');
  };
}
