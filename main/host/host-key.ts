/**
 * Browser mode's signing secret and last port, kept per data folder in a 0600 file that
 * outlives the host (host.json goes with the lock on a clean stop). A tab's session is an HMAC
 * under this secret, so after a crash or restart on the same folder, on the same port, the
 * open tab reconnects with the session it has; deleting the file logs every tab out.
 * Read and written only by the lock's holder (data-lock.ts), so two starts never race on it.
 */
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { newSecret } from './launch-code';

export const KEY_NAME = 'host-key.json';

const KeySchema = z.object({ secret: z.string().min(32), port: z.number().int().min(1).max(65535).optional() });
export type HostKey = z.infer<typeof KeySchema>;

async function writeKey(file: string, key: HostKey): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(key), { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

/**
 * The folder's secret (and the port it last served on), created on the first start. A missing
 * or unreadable file gets a new secret: tabs of the old one are then told their link is no
 * longer valid, which is what a user who deleted it asked for.
 */
export async function loadHostKey(dataDir: string): Promise<HostKey> {
  const file = join(dataDir, KEY_NAME);
  try {
    const parsed = KeySchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
    if (parsed.success) {
      // A copy restored from a backup may have lost its mode.
      await chmod(file, 0o600);
      return parsed.data;
    }
  } catch {
    /* no file yet, or not JSON: a new secret below */
  }
  const key = { secret: newSecret() };
  await writeKey(file, key);
  return key;
}

/** The port this start got, so that the next one tries it first (an open tab knows only its address). */
export async function rememberPort(dataDir: string, key: HostKey, port: number): Promise<void> {
  if (key.port !== port) await writeKey(join(dataDir, KEY_NAME), { ...key, port });
}
