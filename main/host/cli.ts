/**
 * Browser mode's entry: the core behind HTTP + WebSocket on 127.0.0.1. Prints the one
 * line a user needs (`Fleet Console: http://127.0.0.1:<port>/?token=…`) and opens the
 * system browser when there is a display.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createCore } from '../core/app';
import { defaultDataDir } from '../core/seams/data-dir';
import { fileSettings } from '../core/seams/settings';
import { embeddedDemo } from './demo';
import { fileVault } from './file-vault';
import { createNotices } from '../core/seams/notices';
import { startHost } from './server';

function openBrowser(url: string) {
  const hasDisplay = process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
  if (!hasDisplay) return;
  const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  try {
    spawn(cmd, [url], { stdio: 'ignore', detached: true }).on('error', () => {}).unref();
  } catch {
    /* no browser launcher: the printed URL is enough */
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      server: { type: 'string' },
      'data-dir': { type: 'string' },
      'demo-objects': { type: 'string' },
      'poll-ms': { type: 'string' },
      'bulk-bytes': { type: 'string' },
      browser: { type: 'boolean', default: true },
    },
    strict: false,
  });
  const dataDir = (values['data-dir'] as string | undefined) ?? defaultDataDir();
  const here = dirname(fileURLToPath(import.meta.url));
  const staticDir = join(here, '..', 'renderer');
  if (!existsSync(join(staticDir, 'index.html'))) {
    console.error(`The renderer is not built (${staticDir}): run npm run build.`);
    process.exit(1);
  }
  const demoObjects = values['demo-objects'] ? Number(values['demo-objects']) : undefined;
  const demo = embeddedDemo(demoObjects ? { objects: demoObjects } : {});
  // One list of startup notices: the settings and the vault report damaged files to it.
  const notices = createNotices();
  const settings = fileSettings(dataDir, notices);
  if (values['poll-ms']) settings.set('statusPollMs', Math.max(500, Number(values['poll-ms'])));
  const core = createCore({
    dataDir,
    vault: fileVault(dataDir, { notices }),
    settings,
    notices,
    demo,
    ...(values.server ? { suggestedBaseUrl: String(values.server) } : {}),
    ingestWorker: { script: join(here, 'ingest-worker.js') },
  });
  const host = await startHost({
    dispatcher: core.dispatcher,
    bus: core.bus,
    staticDir,
    port: values.port ? Number(values.port) : 0,
    // Tests lower it, so that their replies take the HTTP path too.
    ...(values['bulk-bytes'] ? { bulkBytes: Math.max(1024, Number(values['bulk-bytes'])) } : {}),
  });
  await core.start().catch((e: unknown) => console.error('Could not open the last connection:', e));
  console.log(`Fleet Console: ${host.url}`);
  if (!values['no-open']) openBrowser(host.url);

  const stop = async () => {
    await host.close();
    await core.close();
    await demo.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
