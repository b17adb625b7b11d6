/**
 * Jobs as this window knows them: the history (`jobs/list`) and each job's latest
 * progress (`jobs/progress` pushes), merged, so the screen, the results and the top bar's
 * indicator read one picture. A job that ends after running long gets a desktop notification.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { JobProgress, JobState, JobSummary } from '../../../../common/methods/jobs';
import { RpcError, onPush, rpc } from '../../rpc/client';
import { notifyJobEnded } from './notify';

export const ACTIVE: ReadonlySet<JobState> = new Set(['queued', 'running', 'paused', 'waiting', 'interrupted']);

interface State {
  jobs: JobSummary[];
  loaded: boolean;
  error: string | null;
}

let state: State = { jobs: [], loaded: false, error: null };
const listeners = new Set<() => void>();
/** When this window first saw each job running: how long it ran decides the notification. */
const seenRunning = new Map<number, number>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export async function loadJobs(): Promise<void> {
  try {
    const jobs = await rpc('jobs/list', { limit: 200 });
    set({ jobs, loaded: true, error: null });
  } catch (e) {
    set({ error: e instanceof RpcError ? e.text : String(e), loaded: true });
  }
}

/** A job just started or acted on: put its summary in at once rather than waiting for a push. */
export function putJob(job: JobSummary): void {
  // Started here: it runs from now, not from the first progress push, which may come only as it ends.
  if (ACTIVE.has(job.state) && !seenRunning.has(job.jobId)) seenRunning.set(job.jobId, Date.now());
  const rest = state.jobs.filter((j) => j.jobId !== job.jobId);
  set({ jobs: [job, ...rest].sort((a, b) => b.createdAt - a.createdAt) });
}

function onProgress(p: JobProgress) {
  const known = state.jobs.find((j) => j.jobId === p.jobId);
  if (!known) {
    // A job started elsewhere (another window, the command line): read the history for its summary.
    void loadJobs();
    return;
  }
  if (ACTIVE.has(p.state) && !seenRunning.has(p.jobId)) seenRunning.set(p.jobId, Date.now());
  const wasActive = ACTIVE.has(known.state);
  set({ jobs: state.jobs.map((j) => (j.jobId === p.jobId ? { ...j, ...p, finishedAt: ACTIVE.has(p.state) ? null : (j.finishedAt ?? Date.now()) } : j)) });
  if (wasActive && !ACTIVE.has(p.state)) {
    const since = seenRunning.get(p.jobId) ?? known.createdAt;
    seenRunning.delete(p.jobId);
    notifyJobEnded({ ...known, ...p }, Date.now() - since);
    // Progress carries counts only: whether the job can be reverted is known from its summary once it ends.
    void loadJobs();
  }
}

let started = false;
function subscribe(l: () => void) {
  listeners.add(l);
  if (!started) {
    started = true;
    onPush('jobs/progress', onProgress);
    void loadJobs();
  }
  return () => listeners.delete(l);
}

export function useJobs(): State {
  return useSyncExternalStore(subscribe, () => state);
}

export function useJob(jobId: number): JobSummary | undefined {
  const s = useJobs();
  const job = s.jobs.find((j) => j.jobId === jobId);
  useEffect(() => {
    if (!job && s.loaded) void loadJobs();
  }, [job, s.loaded]);
  return job;
}

/** Jobs still running, paused or waiting: what the top bar's indicator shows. */
export function activeJobs(jobs: readonly JobSummary[]): JobSummary[] {
  return jobs.filter((j) => ACTIVE.has(j.state));
}
