import type { ReportsApi } from '@/lib/api';
import { asApiError, errorForPages } from '@/lib/api/errors';
import type { Job, ListedReport, RequestOf } from '@/lib/protocol';
import { readDefaultServiceId, reportJobs } from '@/lib/storage';
import { findMadeFor, listedNewReport } from '@/lib/background/address-reports';
import { AUDIT_MAX_MS, LOOK_AGAIN_MS } from '@/lib/background/runs/retry-policy';
import { keepAlive, type Connected } from '@/lib/background/alive-and-connected';
import { pageKey } from '@/lib/shared/page-address';
import { t } from '@/lib/shared/i18n';

/**
 * Reports being created are owned by the background, not by the popup that
 * asked: the audit can take a minute, and the popup closes whenever the user
 * clicks elsewhere. Jobs are kept in session storage so that a popup opened
 * later, or a service worker started again, finds their outcome. Each job is
 * its service's own: a page can have a report running on one service and none
 * on another, and a popup switched to the other must not show it.
 */

/** The service a job lookup is for: the one named, else the default ('' while there is none). */
async function serviceOf(service?: string | null): Promise<string> {
  return service || ((await readDefaultServiceId()) ?? '');
}

/** Where a job is kept: its service and its page as asked; a job naming no service is the default's. */
const storedKey = (job: Pick<Job, 'url' | 'service'>) => (job.service ? `${job.service} ${job.url}` : job.url);
/** Which audit a create joins: its service and the page as the service will store it. */
const flightKey = (service: string, url: string) => `${service} ${pageKey(url)}`;
const serviceOfJob = (job: Job) => job.service ?? '';
/** Whether `job` is the one of `url` on `service`, with `defaultId` the service of a job that names none. */
const isJobOf = (job: Job, url: string, service: string, defaultId: string | null) => job.url === url && (job.service ?? defaultId ?? '') === service;

/**
 * Audits still waited for by this worker, by service and page key: creates of one page are joined by the address
 * the service will store, not as typed (`https://x/p` and `http://www.x/p` are one report). Gone if the
 * browser stopped the worker.
 */
const inFlight = new Map<string, { job: Job; work: Promise<ListedReport> }>();

async function readJob(service: string, url: string): Promise<Job | null> {
  const [jobs, defaultId] = await Promise.all([reportJobs.read(), readDefaultServiceId()]);
  return Object.values(jobs).find((job) => isJobOf(job, url, service, defaultId)) ?? null;
}

/** Changed one change at a time: two jobs ending together must not lose each other's outcome. */
const writeJob = (job: Job) => reportJobs.update((jobs) => ({ ...jobs, [storedKey(job)]: job }));

/** Forgets the job of a page on `service` (absent: the default). */
export async function dismissJob(url: string, service?: string | null): Promise<null> {
  const [id, defaultId] = await Promise.all([serviceOf(service), readDefaultServiceId()]);
  await reportJobs.update((jobs) => Object.fromEntries(Object.entries(jobs).filter(([, job]) => !isJobOf(job, url, id, defaultId))));
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
  const service = connection.serviceId ?? '';
  const key = flightKey(service, request.url);
  const running = inFlight.get(key);
  if (running) return running.work;
  const startedAt = Date.now();
  const ofService = service ? { service } : {};
  const job: Job = { url: request.url, state: 'running', startedAt, privacy: request.privacy, ...(notify ? { notify } : {}), ...ofService };
  const work = (async () => {
    await settle(job);
    const release = keepAlive();
    try {
      const report = await listedNewReport(connection.api, await connection.api.createReport(request));
      await settle({ url: request.url, state: 'done', startedAt, report, ...ofService });
      return report;
    } catch (error) {
      const apiError = asApiError(error, t('errorReportFailed'));
      await settle({ url: request.url, state: 'failed', startedAt, error: errorForPages(apiError), ...ofService });
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
 * The job of a page on `service` (absent: the default) as it stands. A job still marked running that this worker
 * does not hold was cut off when the browser stopped the worker, but the POST
 * had gone: the service may have made the report, or may still be making it.
 * It is never sent again; the service's list is asked instead, and the job
 * stays running for as long as an audit may take before it is called
 * interrupted.
 */
export async function currentJob(api: ReportsApi | null, url: string, service?: string | null): Promise<Job | null> {
  const id = await serviceOf(service);
  const running = inFlight.get(flightKey(id, url));
  if (running) return running.job;
  const job = await readJob(id, url);
  if (!job || job.state !== 'running') return job;
  const found = api ? await findMadeFor(api, job).catch(() => null) : null;
  if (!found && Date.now() - job.startedAt < AUDIT_MAX_MS) return job;
  const ofService = job.service ? { service: job.service } : {};
  const settled: Job = found
    ? { url, state: 'done', startedAt: job.startedAt, report: found, ...ofService }
    : { url, state: 'failed', startedAt: job.startedAt, error: INTERRUPTED, ...ofService };
  await settle(settled);
  return settled;
}

/** Jobs still marked running that this worker does not hold: cut off when the browser stopped the worker that started them. */
export async function cutOffJobs(): Promise<Extract<Job, { state: 'running' }>[]> {
  return Object.values(await reportJobs.read()).flatMap((job) =>
    job.state === 'running' && !inFlight.has(flightKey(serviceOfJob(job), job.url)) ? [job] : [],
  );
}

/**
 * Answers once the job of a page on `service` (absent: the default) has ended (at once when none runs); a cut-off
 * job is looked for until it shows or its time is up.
 */
export async function waitForJob(api: ReportsApi | null, url: string, service?: string | null): Promise<Job | null> {
  const id = await serviceOf(service);
  await inFlight.get(flightKey(id, url))?.work.catch(() => undefined);
  const release = keepAlive();
  try {
    for (;;) {
      const job = await currentJob(api, url, id);
      if (!api || job?.state !== 'running' || inFlight.has(flightKey(id, url))) return job;
      await new Promise((resolve) => setTimeout(resolve, LOOK_AGAIN_MS));
    }
  } finally {
    release();
  }
}
