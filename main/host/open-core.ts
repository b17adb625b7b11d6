/**
 * Browser mode's core: its settings, vault and services, loaded and started once the host
 * listens (decision 0084). Its code, the contract's schemas with it, is most of the host's;
 * imported here rather than at the entry, it loads while the page does.
 */
import { createCore, type Core } from '../core/app';
import { createNotices } from '../core/seams/notices';
import { fileSettings } from '../core/seams/settings';
import { embeddedDemo } from './demo';
import { fileVault } from './file-vault';

export interface CoreOptions {
  dataDir: string;
  /** `--server`: the address the sign-in form suggests. */
  server?: string;
  /** `--poll-ms`: the status poll's period (at least 500 ms). */
  pollMs?: number;
  /** `--demo-objects`: the embedded demo's fleet size. */
  demoObjects?: number;
  /** The ingest worker's script (beside the host's bundle). */
  workerScript: string;
}

export interface OpenedCore {
  core: Core;
  /** Closes the embedded demo, if it ran. */
  closeDemo(): Promise<void>;
}

/** Creates the core and opens the last connection; a connection that cannot open is logged, not thrown. */
export async function openCore(opts: CoreOptions): Promise<OpenedCore> {
  const demo = embeddedDemo(opts.demoObjects ? { objects: opts.demoObjects } : {});
  // One list of startup notices: the settings and the vault report damaged files to it.
  const notices = createNotices();
  const settings = fileSettings(opts.dataDir, notices);
  if (opts.pollMs !== undefined) settings.set('statusPollMs', Math.max(500, opts.pollMs));
  const core = createCore({
    dataDir: opts.dataDir,
    vault: fileVault(opts.dataDir, { notices }),
    settings,
    notices,
    demo,
    ...(opts.server ? { suggestedBaseUrl: opts.server } : {}),
    ingestWorker: { script: opts.workerScript },
  });
  await core.start().catch((e: unknown) => console.error('Could not open the last connection:', e));
  return { core, closeDemo: () => demo.close() };
}
