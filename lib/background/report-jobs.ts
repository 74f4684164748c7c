import type { ReportsApi } from '@/lib/api';
import { asApiError, errorForPages } from '@/lib/api/errors';
import type { Job, ListedReport, RequestOf } from '@/lib/protocol';
import { reportJobs } from '@/lib/storage';
import { findMadeFor, listedNewReport } from '@/lib/background/address-reports';
import { AUDIT_MAX_MS, LOOK_AGAIN_MS } from '@/lib/background/runs/retry-policy';
import { keepAlive, type Connected } from '@/lib/background/alive-and-connected';
import { pageKey } from '@/lib/shared/page-address';
import { t } from '@/lib/shared/i18n';

/**
 * Reports being created are owned by the background, not by the popup that
 * asked: the audit can take a minute, and the popup closes whenever the user
 * clicks elsewhere. Jobs are kept in session storage so that a popup opened
 * later, or a service worker started again, finds their outcome.
 */

/**
 * Audits still waited for by this worker, by page key: creates of one page are joined by the address
 * the service will store, not as typed (`https://x/p` and `http://www.x/p` are one report). Gone if the
 * browser stopped the worker.
 */
const inFlight = new Map<string, { job: Job; work: Promise<ListedReport> }>();

async function readJob(url: string): Promise<Job | null> {
  return (await reportJobs.read())[url] ?? null;
}

/** Changed one change at a time: two jobs ending together must not lose each other's outcome. */
const writeJob = (job: Job) => reportJobs.update((jobs) => ({ ...jobs, [job.url]: job }));

export async function dismissJob(url: string): Promise<null> {
  await reportJobs.update(({ [url]: _gone, ...rest }) => rest);
  return null;
}

export type JobListener = (job: Job) => void;
const listeners = new Set<JobListener>();
/** Lets features such as the badge or notifications follow every job, wherever it was started. */
export function onJobChange(listener: JobListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function settle(job: Job): Promise<void> {
  await writeJob(job);
  for (const listener of listeners) listener(job);
}

/**
 * Starts the report of a page, or joins the one already running for it.
 * Answers the report as the popup lists it. `notify`: asked from the menu or
 * a shortcut, whose outcome is told in a notification even when the worker
 * that started it was stopped meanwhile.
 */
export function startReport(connection: Connected, request: RequestOf<'createReport'>, notify = false): Promise<ListedReport> {
  const key = pageKey(request.url);
  const running = inFlight.get(key);
  if (running) return running.work;
  const startedAt = Date.now();
  const job: Job = { url: request.url, state: 'running', startedAt, privacy: request.privacy, ...(notify ? { notify } : {}) };
  const work = (async () => {
    await settle(job);
    const release = keepAlive();
    try {
      const report = await listedNewReport(connection.api, await connection.api.createReport(request));
      await settle({ url: request.url, state: 'done', startedAt, report });
      return report;
    } catch (error) {
      const apiError = asApiError(error, t('errorReportFailed'));
      await settle({ url: request.url, state: 'failed', startedAt, error: errorForPages(apiError) });
      throw apiError;
    } finally {
      release();
      inFlight.delete(key);
    }
  })();
  inFlight.set(key, { job, work });
  return work;
}

const INTERRUPTED = {
  kind: 'interrupted',
  get message() {
    return t('errorInterrupted');
  },
} as const;

/**
 * The job of a page as it stands. A job still marked running that this worker
 * does not hold was cut off when the browser stopped the worker, but the POST
 * had gone: the service may have made the report, or may still be making it.
 * It is never sent again; the service's list is asked instead, and the job
 * stays running for as long as an audit may take before it is called
 * interrupted.
 */
export async function currentJob(api: ReportsApi | null, url: string): Promise<Job | null> {
  const running = inFlight.get(pageKey(url));
  if (running) return running.job;
  const job = await readJob(url);
  if (!job || job.state !== 'running') return job;
  const found = api ? await findMadeFor(api, job).catch(() => null) : null;
  if (!found && Date.now() - job.startedAt < AUDIT_MAX_MS) return job;
  const settled: Job = found
    ? { url, state: 'done', startedAt: job.startedAt, report: found }
    : { url, state: 'failed', startedAt: job.startedAt, error: INTERRUPTED };
  await settle(settled);
  return settled;
}

/** Jobs still marked running that this worker does not hold: cut off when the browser stopped the worker that started them. */
export async function cutOffJobs(): Promise<Extract<Job, { state: 'running' }>[]> {
  return Object.values(await reportJobs.read()).flatMap((job) => (job.state === 'running' && !inFlight.has(pageKey(job.url)) ? [job] : []));
}

/** Answers once the job of a page has ended (at once when none runs); a cut-off job is looked for until it shows or its time is up. */
export async function waitForJob(api: ReportsApi | null, url: string): Promise<Job | null> {
  await inFlight.get(pageKey(url))?.work.catch(() => undefined);
  const release = keepAlive();
  try {
    for (;;) {
      const job = await currentJob(api, url);
      if (!api || job?.state !== 'running' || inFlight.has(pageKey(url))) return job;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
  } finally {
    release();
  }
}
