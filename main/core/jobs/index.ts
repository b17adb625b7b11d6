/**
 * The jobs engine wired to the app's signed-in connection: its requests go through their
 * own HTTP client (the job's workers must not take every slot the pollers use) that signs
 * in again with the connection's credentials when the token expires mid-job.
 */
import { createApi, createHttp } from '../api';
import type { JobProgress } from '../../../common/methods/jobs';
import type { PushBus } from '../rpc/pushes';
import type { SettingsStore } from '../seams/settings';
import type { Connection } from '../connection/open';
import { AdminReads } from './admin-reads';
import { Journal } from './journal';
import { JOB_HTTP, JobsService, type JobTarget } from './service';

export { JobsService, type JobTarget, type JobSpec } from './service';
export { AdminReads } from './admin-reads';
export { Journal } from './journal';

export interface Jobs {
  service: JobsService;
  admin: AdminReads;
  journal: Journal;
  close(): Promise<void>;
}

/** The server a job of this connection is recorded under (the demo's address changes each launch). */
export function jobServer(c: Pick<Connection, 'baseUrl' | 'profile'>): string {
  return c.profile.demo ? 'embedded demo' : c.baseUrl;
}

export function targetFor(active: Connection): JobTarget {
  const { credentials, baseUrl, profile } = active;
  const http = createHttp({ baseUrl, getToken: credentials.getToken, onUnauthorized: credentials.onUnauthorized, maxInFlight: 16, ...JOB_HTTP });
  return { api: createApi(http), server: jobServer(active), login: profile.login };
}

export function createJobs(o: { dataDir: string; current: () => Connection; bus: PushBus; settings: SettingsStore; onProgress?: (p: JobProgress) => void }): Jobs {
  const journal = Journal.inDataDir(o.dataDir);
  let cached: { active: Connection; target: JobTarget } | null = null;
  const target = (): JobTarget => {
    const active = o.current();
    if (cached?.active === active) return cached.target;
    const made = { active, target: targetFor(active) };
    cached = made;
    return made.target;
  };
  const service = new JobsService({
    journal,
    target,
    onProgress: (p) => {
      o.bus.emit('jobs/progress', p);
      o.onProgress?.(p);
    },
    concurrency: () => o.settings.get('jobsConcurrency'),
  });
  return {
    service,
    admin: new AdminReads(service, target),
    journal,
    close: async () => {
      await service.close();
      journal.close();
    },
  };
}
