import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { guardedListener } from '../../../renderer/src/rpc/guarded-listener';

// Electron's ipcRenderer is a Node EventEmitter: each window.fleet.onPush adds a listener to it.
describe('push listeners on an emitter', () => {
  it('a listener that throws no longer stops the ones after it, and its error is reported', () => {
    const ipc = new EventEmitter();
    const heard: string[] = [];
    const reported: unknown[] = [];
    const add = (cb: (v: string) => void) => ipc.on('fleet:push', guardedListener(cb, (e) => reported.push(e)));
    add(() => {
      throw new Error('a store failed');
    });
    add((v) => heard.push(v));
    ipc.emit('fleet:push', 'status/delta');
    expect(heard).toEqual(['status/delta']);
    expect(reported).toHaveLength(1);
    expect(String(reported[0])).toContain('a store failed');
  });

  it('unguarded, the emitter stops at the first throw (why the guard is there)', () => {
    const ipc = new EventEmitter();
    const heard: string[] = [];
    ipc.on('fleet:push', () => {
      throw new Error('a store failed');
    });
    ipc.on('fleet:push', (v: string) => heard.push(v));
    expect(() => ipc.emit('fleet:push', 'status/delta')).toThrow('a store failed');
    expect(heard).toEqual([]);
  });
});
