import type { WorkerScript } from '../../main/core/workers/protocol';

/** The worker entry the apps build as out/main/worker.js, run from sources (tsx in the thread). */
export const WORKER: WorkerScript = {
  script: new URL('../../main/core/workers/entry.ts', import.meta.url),
  execArgv: ['--import', 'tsx'],
};
