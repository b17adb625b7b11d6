/**
 * `npm run admin -- <operation> …`: bulk administration from a shell, on the same job
 * engine and journal as the Admin screen (main/core/jobs). Exit 0 when every item is
 * done, 1 when any failed (or the job stopped), 2 on bad input.
 */
import { FleetError } from '../../common/errors';
import { defaultDataDir } from '../core/seams/data-dir';
import { Journal, JobsService, type JobTarget } from '../core/jobs';
import { connect } from '../core/jobs/connect';
import { fileSettings } from '../core/seams/settings';
import { fileVault } from './file-vault';
import { runOperation } from './admin-cli-ops';
import { BadInput, options, USAGE, type CliIo, type CliValues } from './admin-cli-args';

async function target(v: CliValues, dataDir: string, job?: { server: string; login: string }): Promise<JobTarget> {
  if (v.profile) {
    const profiles = fileSettings(dataDir).get('profiles');
    const p = profiles.find((x) => x.id === v.profile || x.name === v.profile);
    if (!p) throw new BadInput(`No saved connection "${v.profile}" in ${dataDir} (saved: ${profiles.map((x) => x.name).join(', ') || 'none'})`);
    return connect({ server: p.baseUrl, login: p.login, vault: fileVault(dataDir), profileId: p.id, ...(process.env.FLEET_PASSWORD ? { password: process.env.FLEET_PASSWORD } : {}) });
  }
  const server = v.server ?? job?.server;
  const login = v.login ?? job?.login;
  if (!server || !login) throw new BadInput('Say where to connect: --server URL --login L (with FLEET_PASSWORD), or --profile NAME');
  const password = process.env.FLEET_PASSWORD;
  if (!password) throw new BadInput('Set the password in the FLEET_PASSWORD environment variable');
  try {
    new URL(server);
  } catch {
    throw new BadInput(`--server ${server} is not an address (http://host:port)`);
  }
  return connect({ server, login, password });
}

export async function main(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof options>;
  try {
    parsed = options(argv);
  } catch (e) {
    io.err(`${e instanceof Error ? e.message : String(e)}\n\n${USAGE}`);
    return 2;
  }
  const { values: v, positionals } = parsed;
  const [op, ...rest] = positionals;
  if (v.help || !op) {
    (v.help ? io.out : io.err)(USAGE);
    return v.help ? 0 : 2;
  }
  const dataDir = v['data-dir'] ?? defaultDataDir();
  let journal: Journal | null = null;
  let service: JobsService | null = null;
  try {
    journal = Journal.inDataDir(dataDir);
    let conn: JobTarget | null = null;
    const jobOf = (id: number) => journal!.job(id);
    const needTarget = async (job?: { server: string; login: string }) => (conn ??= await target(v, dataDir, job));
    const concurrency = v.concurrency === undefined ? undefined : Number(v.concurrency);
    if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 16)) throw new BadInput('--concurrency must be a whole number from 1 to 16');
    service = new JobsService({
      journal,
      target: () => {
        if (!conn) throw new FleetError('unauthorized', 'Not connected');
        return conn;
      },
      concurrency: () => concurrency ?? 4,
      onProgress: (p) => io.progress(p),
    });
    return await runOperation({ op, rest, v, service, needTarget, jobOf, io, concurrency });
  } catch (e) {
    if (e instanceof BadInput || (e instanceof FleetError && e.code === 'invalid_input')) {
      io.err(`Error: ${e.message}`);
      return 2;
    }
    if (e instanceof FleetError) {
      io.err(`Error (${e.code}): ${e.message}`);
      return e.code === 'unauthorized' ? 2 : 1;
    }
    io.err(`Error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await service?.close();
    journal?.close();
  }
}

const isEntry = process.argv[1] !== undefined && /admin-cli\.[cm]?[tj]s$/.test(process.argv[1]);
if (isEntry) {
  const { consoleIo } = await import('./admin-cli-io');
  const io = consoleIo();
  main(process.argv.slice(2), io).then(
    (code) => {
      io.end();
      process.exitCode = code;
    },
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
