/**
 * The only bridge: `window.fleet = { rpc, onPush }`. No ipcRenderer, no Node, nothing
 * else reaches the page. Typed arrays pass through structured clone as they are.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';

const RPC = 'fleet:rpc';
const PUSH = 'fleet:push';

contextBridge.exposeInMainWorld('fleet', {
  rpc: (envelope: unknown): Promise<unknown> => ipcRenderer.invoke(RPC, envelope),
  onPush: (cb: (envelope: unknown) => void): (() => void) => {
    const listener = (_e: IpcRendererEvent, envelope: unknown) => cb(envelope);
    ipcRenderer.on(PUSH, listener);
    return () => {
      ipcRenderer.removeListener(PUSH, listener);
    };
  },
});
