import { browser } from 'wxt/browser';
import type { Report, ReportsApi } from '@/lib/api';
import { asApiError } from '@/lib/api/errors';
import type { Job, RequestOf } from '@/lib/protocol';
import { reportJobs } from '@/lib/storage';
import { reportsForPage } from '@/lib/background/page-state';

/**
 * Reports being created are owned by the background, not by the popup that
 * asked: the audit can take a minute, and the popup closes whenever the user
 * clicks elsewhere. Jobs are kept in session storage so that a popup opened
 * later, or a service worker started again, finds their outcome.
 */

/** Audits still waited for by this worker; gone if the browser stopped the worker. */
const inFlight = new Map<string, { job: Job; work: Promise<Report> }>();

async function readJob(url: string): Promise<Job | null> {
  return (await reportJobs.read())[url] ?? null;
}

/** Changed one change at a time: two jobs ending together must not lose each other's outcome. */
const writeJob = (job: Job) => reportJobs.update((jobs) => ({ ...jobs, [job.url]: job }));

export async function dismissJob(url: string): Promise<null> {
  await reportJobs.update(({ [url]: _gone, ...rest }) => rest);
  return null;
}

// A pending fetch alone does not keep an MV3 service worker alive past 30 s;
// any extension API call resets the idle timer.
// https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle
// Firefox's event page is unloaded after the same 30 s, and its timer is reset the same way
// (every API call from the background, "parentapicall" in Firefox's ExtensionParent).
function keepAlive(): () => void {
  const timer = setInterval(() => void browser.runtime.getPlatformInfo(), 20_000);
  return () => clearInterval(timer);
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

/** Starts the report of a page, or joins the one already running for it. */
export function startReport(api: ReportsApi, request: RequestOf<'createReport'>): Promise<Report> {
  const running = inFlight.get(request.url);
  if (running) return running.work;
  const startedAt = Date.now();
  const job: Job = { url: request.url, state: 'running', startedAt, privacy: request.privacy };
  const work = (async () => {
    await settle(job);
    const release = keepAlive();
    try {
      const report = await api.createReport(request);
      await settle({ url: request.url, state: 'done', startedAt, report });
      return report;
    } catch (error) {
      const apiError = asApiError(error, 'The report could not be created. Try again.');
      await settle({ url: request.url, state: 'failed', startedAt, error: apiError.toJSON() });
      throw apiError;
    } finally {
      release();
      inFlight.delete(request.url);
    }
  })();
  inFlight.set(request.url, { job, work });
  return work;
}

/**
 * The job of a page as it stands. A job still marked running that this worker
 * does not hold was cut off when the browser stopped the worker: the service
 * may still have finished it, so its list is asked before calling it failed.
 */
export async function currentJob(api: ReportsApi | null, url: string): Promise<Job | null> {
  const running = inFlight.get(url);
  if (running) return running.job;
  const job = await readJob(url);
  if (!job || job.state !== 'running') return job;
  const found = api ? await findCreatedSince(api, url, job.startedAt).catch(() => null) : null;
  const settled: Job = found
    ? { url, state: 'done', startedAt: job.startedAt, report: found }
    : {
        url,
        state: 'failed',
        startedAt: job.startedAt,
        error: {
          kind: 'interrupted',
          message: 'The browser stopped the extension while the service was auditing this page. Try again, or look for the report in the options.',
        },
      };
  await settle(settled);
  return settled;
}

/** Answers once the job of a page has ended (at once when none runs). */
export async function waitForJob(api: ReportsApi | null, url: string): Promise<Job | null> {
  await inFlight.get(url)?.work.catch(() => undefined);
  return currentJob(api, url);
}

async function findCreatedSince(api: ReportsApi, url: string, since: number): Promise<Report | null> {
  // Clocks of browser and service differ; a minute of slack keeps a just-made report from being missed.
  const recent = (r: Report) => r.createdAt !== null && Date.parse(r.createdAt) >= since - 60_000;
  return (await reportsForPage(api, url)).find(recent) ?? null;
}
