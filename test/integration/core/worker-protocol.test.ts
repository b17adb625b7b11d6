/**
 * The worker protocol's edges, through the real entry in a real thread: a message the role
 * has no handler for is answered with an error naming it (before, a worker ignored it and
 * the caller waited for ever), and the worker goes on serving.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorkerClient, type WorkerClient } from '../../../main/core/workers/client';
import type { Message, NoFields } from '../../../main/core/workers/protocol';
import type { Roles } from '../../../main/core/workers/roles';
import { WORKER } from '../../support/worker-entry';


/** The tile role's map plus a message it does not serve: what a client built from the wrong map would send. */
type Mistaken = Roles['tiles'] & { snapshot: Message<NoFields, null> };

const open: { client: WorkerClient<Mistaken>; dir: string }[] = [];
afterEach(async () => {
  for (const { client, dir } of open.splice(0)) {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the worker protocol', () => {
  it('answers a message its role does not serve with an error, and keeps serving', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fleet-protocol-'));
    const client = startWorkerClient<Mistaken>(WORKER, { role: 'tiles', tilesDir: dir }, 'tile worker');
    open.push({ client, dir });
    await expect(client.request('snapshot', {})).rejects.toThrow('The tile worker has no message "snapshot"');
    // The same thread answers its own messages afterwards.
    await expect(client.request('close', {})).resolves.toBeNull();
    expect(client.starts).toBe(1);
  });
});
