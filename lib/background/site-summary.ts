import type { ReportsApi } from '@/lib/api';
import { asApiError, isApiError } from '@/lib/api/errors';
import { keepAlive } from '@/lib/background/alive-and-connected';
import { announce, connectedApi } from '@/lib/background/connection';
import { RUN_PACE, retryWaitMs } from '@/lib/background/runs/retry-policy';
import { createSiteFold, foldReports, summaryOf, type SiteFold } from '@/lib/background/site-summary-fold';
import type { SiteGlance, SiteSummary } from '@/lib/protocol';
import { projectOfAddress } from '@/lib/background/site-project';
import { onJobChange } from '@/lib/background/report-jobs';
import { siteSummaries, watchConnection } from '@/lib/storage';

/**
 * The site view's data: every report of a project, read from the service 100 a page and folded
 * into a summary as each page arrives (lib/background/site-summary-fold.ts), drawn by the view
 * while it is read. A 429 is waited out as the service asks (the runs' retry policy) and the view
 * says so; Cancel stops it. The summary read to its end is kept for the browser session.
 */

export const SITE_PER_PAGE = 100;
/** The first look at a site: this many reports, asked for with the first page. */
export const SITE_FIRST_LOOK = 25;
/** List pages asked for at a time. */
export const SITE_PAGES_AT_ONCE = 2;
/** Reports read at most for one site (500 pages): past them the summary says it is partial. */
export const SITE_MAX_REPORTS = 50_000;
/** Kept summaries: the 5 sites read last, none over 2.5 MB, 4 MB in all (session storage holds 10 MB for everything). */
export const SITE_KEPT_LIMIT = 5;
export const SITE_ENTRY_MAX_CHARS = 2_500_000;
export const SITE_KEPT_MAX_CHARS = 4_000_000;
/** The open site views hear of a new page at most this often. */
const ANNOUNCE_EVERY_MS = 200;

/** What one reading of a site needs from the service, and from the clock (tests hand in their own). */
export interface SiteReadDeps {
  listReports: ReportsApi['listReports'];
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  now: () => number;
  /** Called after every change of the summary (a page folded in, a wait, the end). */
  changed: () => void;
}

export interface SiteRead {
  fold: SiteFold;
  state: Pick<SiteSummary, 'phase' | 'revision' | 'startedAt' | 'updatedAt' | 'reportsTotal' | 'waitUntil' | 'error' | 'truncated'>;
  controller: AbortController;
  /** The summary last made, and the revision it was made at: made again only when asked after a change. */
  made: SiteSummary | null;
}

/** The reading's summary as it stands (made again only after a change). */
export const summaryOfRead = (read: SiteRead): SiteSummary => {
  if (read.made?.revision !== read.state.revision || read.made.phase !== read.state.phase || read.made.waitUntil !== read.state.waitUntil) {
    read.made = summaryOf(read.fold, read.state);
  }
  return read.made;
};

/** A reading of a project about to start. */
export function newSiteRead(project: string, now: number): SiteRead {
  return {
    fold: createSiteFold(project),
    state: { phase: 'reading', revision: 0, startedAt: now, updatedAt: now, reportsTotal: null, waitUntil: null, error: null, truncated: false },
    controller: new AbortController(),
    made: null,
  };
}

/** A wait the signal cuts short. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads every page of the project's list into `read`, oldest report first (new reports made
 * meanwhile come last, so no page shifts under the reading), until the last page, a cancel, a
 * failure or the bounds. Two pages are asked for at a time, as runs send two requests: the
 * service makes the next page while this one is read.
 */
export async function readSite(read: SiteRead, deps: SiteReadDeps): Promise<void> {
  const { signal } = read.controller;
  const touch = (change: Partial<SiteRead['state']>) => {
    Object.assign(read.state, change, { updatedAt: deps.now() });
    deps.changed();
  };
  const inFlight = new Map<number, ReturnType<SiteReadDeps['listReports']>>();
  /** Known once the first page is in; until then only page 1 is asked for. */
  let lastPage = 1;
  const askFrom = (first: number) => {
    for (let page = first; page < first + SITE_PAGES_AT_ONCE && page <= lastPage; page++) {
      if (inFlight.has(page)) continue;
      const asked = deps.listReports({ project: read.fold.project, perPage: SITE_PER_PAGE, page, sortBy: 'id', sort: 'asc' });
      // Its failure is handled when its turn comes.
      asked.catch(() => undefined);
      inFlight.set(page, asked);
    }
  };
  // A first look, small and so quick to come: drawn until the first full page is in (reports already folded count once).
  let firstPageIn = false;
  deps.listReports({ project: read.fold.project, perPage: SITE_FIRST_LOOK, page: 1, sortBy: 'id', sort: 'asc' }).then(
    (answer) => {
      if (firstPageIn || signal.aborted) return;
      foldReports(read.fold, answer.reports);
      touch({ revision: read.state.revision + 1, reportsTotal: answer.total });
    },
    () => undefined,
  );
  let waits = 0;
  for (let page = 1; ;) {
    if (signal.aborted) return touch({ phase: 'cancelled', waitUntil: null });
    askFrom(page);
    let answer;
    try {
      answer = await inFlight.get(page)!;
    } catch (error) {
      inFlight.delete(page);
      if (signal.aborted) return touch({ phase: 'cancelled', waitUntil: null });
      if (!isApiError(error)) return touch({ phase: 'failed', waitUntil: null, error: asApiError(error).toJSON() });
      if (error.kind !== 'rate-limited') return touch({ phase: 'failed', waitUntil: null, error: error.toJSON() });
      const wait = retryWaitMs(error, waits++, RUN_PACE);
      touch({ waitUntil: deps.now() + wait });
      await deps.sleep(wait, signal);
      continue;
    }
    inFlight.delete(page);
    firstPageIn = true;
    waits = 0;
    lastPage = answer.lastPage;
    foldReports(read.fold, answer.reports, answer.unreadable);
    const truncated = read.fold.truncated || read.fold.reportsRead >= SITE_MAX_REPORTS;
    const last = page >= answer.lastPage || answer.reports.length + answer.unreadable === 0;
    if (!last && !truncated) askFrom(page + 1);
    touch({ revision: read.state.revision + 1, reportsTotal: answer.total, waitUntil: null, truncated });
    if (last || truncated) return touch({ phase: 'done' });
    page += 1;
  }
}

// --- Readings under way, by project, and the summaries kept for the session.

const reading = new Map<string, SiteRead>();

/** A reading's key: the project, and its service when a page names one (summaries of a named service are not kept). */
const readingKey = (project: string, service?: string) => (service ? `${service}\n${project}` : project);

let kept: Promise<SiteSummary[]> | null = null;
const readKept = () => (kept ??= siteSummaries.read().catch(() => []));

const sizeOf = (summary: SiteSummary) => JSON.stringify(summary).length;

/** Keeps a summary first in line, dropping the least recently read past the bounds; one too large is not kept. */
export async function keepSiteSummary(summary: SiteSummary): Promise<void> {
  const size = sizeOf(summary);
  const change = siteSummaries.update((all) => {
    const others = all.filter((s) => s.project !== summary.project);
    const next: SiteSummary[] = size > SITE_ENTRY_MAX_CHARS ? [] : [summary];
    let total = next.length ? size : 0;
    for (const other of others) {
      const more = sizeOf(other);
      if (next.length >= SITE_KEPT_LIMIT || total + more > SITE_KEPT_MAX_CHARS) break;
      next.push(other);
      total += more;
    }
    return next;
  });
  kept = change.catch(() => siteSummaries.read());
  await change;
}

/** The summary of a project as it stands: being read, or kept; null when there is none. */
export async function siteSummaryNow(project: string, service?: string): Promise<SiteSummary | null> {
  const read = reading.get(readingKey(project, service));
  if (read) return summaryOfRead(read);
  if (service) return null;
  return (await readKept()).find((s) => s.project === project) ?? null;
}

/** Announces at most every ANNOUNCE_EVERY_MS, and always the last change. */
function throttledAnnounce(): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  return () => {
    if (timer) return;
    const wait = Math.max(0, last + ANNOUNCE_EVERY_MS - Date.now());
    timer = setTimeout(() => {
      timer = null;
      last = Date.now();
      announce('site');
    }, wait);
  };
}

/**
 * Starts reading a project, unless it is being read or kept (`refresh`: read it again anyway);
 * answers the summary as it stands. A missing connection fails here, in words, before any reading.
 */
export async function startSiteSummary(project: string, refresh = false, service?: string): Promise<SiteSummary> {
  const key = readingKey(project, service);
  const running = reading.get(key);
  if (running && !refresh) return summaryOfRead(running);
  if (!refresh && !running) {
    const found = await siteSummaryNow(project, service);
    if (found) return found;
  }
  running?.controller.abort();
  const read = newSiteRead(project, Date.now());
  // The reading waits out 429s itself, as the service asks, and says so in the view.
  const { api } = await connectedApi({ retry: { maxAttempts: 1, maxWaitMs: 0 }, signal: read.controller.signal }, service);
  reading.set(key, read);
  const release = keepAlive();
  void readSite(read, { listReports: (p) => api.listReports(p), sleep: abortableSleep, now: Date.now, changed: throttledAnnounce() })
    .then(async () => {
      const summary = summaryOfRead(read);
      if (!service && (summary.phase === 'done' || summary.phase === 'cancelled')) await keepSiteSummary(summary);
    })
    .catch((error: unknown) => console.warn('Site summary not kept', error))
    .finally(() => {
      release();
      if (reading.get(key) === read) reading.delete(key);
      announce('site');
    });
  return summaryOfRead(read);
}

/** Stops reading a project; what was read stays, marked cancelled. */
export async function cancelSiteSummary(project: string, service?: string): Promise<SiteSummary | null> {
  const read = reading.get(readingKey(project, service));
  if (!read) return siteSummaryNow(project, service);
  read.controller.abort();
  read.state = { ...read.state, phase: 'cancelled', waitUntil: null, updatedAt: Date.now() };
  return summaryOfRead(read);
}

/**
 * The popup's line about a page's site: from the summary kept or being read, else from the first
 * list page of its project (100 reports, checks left unread): exact when the site has no more.
 */
export async function siteGlance(api: Pick<ReportsApi, 'listReports'>, url: string, service?: string): Promise<SiteGlance | null> {
  const project = projectOfAddress(url);
  if (!project) return null;
  const known = await siteSummaryNow(project, service);
  if (known && known.phase === 'done') {
    return { project, pages: known.pages.length, average: known.average, reports: known.reportsRead, complete: !known.truncated };
  }
  const page = await api.listReports({ project, perPage: SITE_PER_PAGE, sortBy: 'id', sort: 'desc', withChecks: false });
  if (page.total === 0 || page.reports.length === 0) return null;
  const fold = createSiteFold(project);
  foldReports(fold, page.reports);
  const summary = summaryOf(fold, { phase: 'done', revision: 0, startedAt: 0, updatedAt: 0, reportsTotal: page.total, waitUntil: null, error: null });
  return { project, pages: summary.pages.length, average: summary.average, reports: page.total, complete: page.lastPage <= 1 };
}

/** How long reports made one after another (a run of a site's pages) are gathered before the site is read again. */
export const SITE_REREAD_AFTER_MS = 10_000;
const madeSince = new Set<string>();
let rereadTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * A report was made for a page of `project`: a summary of that site, kept or shown, is read again
 * once the reports stop coming for a moment, so an open site view takes them in. A site still being
 * read is read again after that reading ends.
 */
export function siteReportMade(project: string): void {
  madeSince.add(project);
  rereadTimer ??= setTimeout(rereadSites, SITE_REREAD_AFTER_MS);
}

async function rereadSites(): Promise<void> {
  rereadTimer = null;
  const summaries = await readKept();
  for (const project of [...madeSince]) {
    if (reading.has(project)) continue;
    madeSince.delete(project);
    if (summaries.some((s) => s.project === project)) void startSiteSummary(project, true).catch(() => undefined);
  }
  if (madeSince.size > 0) rereadTimer = setTimeout(rereadSites, SITE_REREAD_AFTER_MS);
}

/** Another service or key has other reports: no summary kept from before may be drawn. New reports make a site's summary read again. */
export function registerSiteSummaries(): void {
  onJobChange((job) => {
    const project = job.state === 'done' ? projectOfAddress(job.url) : null;
    if (project) siteReportMade(project);
  });
  watchConnection(() => {
    for (const read of reading.values()) read.controller.abort();
    kept = siteSummaries.write([]).then(() => []);
    kept.catch(() => undefined);
  });
}
