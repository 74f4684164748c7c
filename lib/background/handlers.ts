import { isApiError } from '@/lib/api/errors';
import { privacyDraft, readListQuery, writePreferences, writeListQuery } from '@/lib/storage';
import { readHandover, writeAgency, writeTracker } from '@/lib/storage';
import { connectedApi, forgetKey, saveConnection, saveKeyLifetime, settingsAndApi, settingsView } from '@/lib/background/connection';
import { forgettingCachedPages, frontTab, keepingPageState, popupStart } from '@/lib/background/popup-cache';
import { pageState } from '@/lib/background/page-state';
import { dismissJob, startReport, waitForJob } from '@/lib/background/report-jobs';
import { cancelQueued, queueReport, readQueue, retryQueuedNow } from '@/lib/background/runs/queued-creates';
import { cachedReportView, forgetReportView, keepingReportView } from '@/lib/background/report-cache';
import { loadReportView } from '@/lib/background/report-view';
import { checkReportable } from '@/lib/shared/page-address';
import type { Handlers } from '@/lib/background/router';
import { dismissRunById, MAX_RUN_ITEMS, readRunViews, retryRunById, startRun, stopRunById } from '@/lib/background/runs/run-engine';
import { exportCsv, matchingTargets } from '@/lib/background/runs/matching-reports';
import { monthQuota } from '@/lib/background/runs/quota';
import { keepAlive } from '@/lib/background/alive-and-connected';
import { reportTabs, tabsPlan } from '@/lib/background/toolbar/report-tabs';
import { giveBackSitePermission, holdSitePermission } from '@/lib/background/site-permissions-held';
import { reportsOfPathOnOtherHosts } from '@/lib/background/path-on-other-hosts';
import { cancelSiteSummary, siteGlance, siteSummaryNow, startSiteSummary } from '@/lib/background/site-summary';
import { planSitemap } from '@/lib/background/sitemap/sitemap-plan';
import { acceptFinding, readSiteLimits, removeAccepted, reportLimitsVerdict, saveSiteLimits } from '@/lib/background/site-limits-store';
import { onlyFailedChecks } from '@/lib/background/failed-checks';
import {
  addWatches,
  changeWatch,
  checkWatchNow,
  readWatchesView,
  removeWatch,
  saveWatchSettings,
  testWebhook,
  watchFor,
} from '@/lib/background/watches/watch-checks';
import { exportSettings } from '@/lib/background/settings-file/settings-export';
import { applyImport, previewImport } from '@/lib/background/settings-file/settings-import';

/** Every message the pages may send, answered in terms of the services in this folder. */
export function createHandlers(): Handlers {
  const api = async () => (await connectedApi()).api;
  // The popup still shows what it can (the job, the settings) when the service cannot be reached.
  const apiIfConnected = () => api().catch((error: unknown) => (isApiError(error) ? null : Promise.reject(error)));

  const readPageState = (url: string) =>
    keepingPageState(url, async () => {
      const { settings, api: client } = await settingsAndApi();
      return { settings, ...(await pageState(client, url)) };
    });

  return {
    getSettings: () => settingsView(),
    saveConnection: (request) => saveConnection(request),
    forgetKey: () => forgetKey(),
    saveKeyLifetime: ({ sessionOnly }) => saveKeyLifetime(sessionOnly),
    savePreferences: async (changes) => {
      await writePreferences(changes);
      return settingsView();
    },
    getAccount: async () => (await api()).getAccount(),
    getPopupStart: async ({ url }) => {
      if (url) return { tab: null, ...(await popupStart(url)) };
      const tab = await frontTab();
      const check = checkReportable(tab.url);
      if (!check.ok) return { tab, cached: null, privacyDraft: null };
      return { tab, ...(await popupStart(check.url)) };
    },
    savePrivacyDraft: async ({ url, privacy }) => {
      await privacyDraft.write(privacy === null ? null : { url, privacy });
      return null;
    },
    getPageState: ({ url }) => readPageState(url),
    createReport: async (request) => startReport(await connectedApi(), request),
    waitForJob: async ({ url }) => waitForJob(await apiIfConnected(), url),
    queueReport: ({ url, privacy, sentAt, offline }) => queueReport({ url, privacy, sentAt, reached: !offline }),
    cancelQueued: ({ url }) => cancelQueued(url),
    getQueue: () => readQueue(),
    retryQueue: () => retryQueuedNow(),
    dismissJob: ({ url }) => dismissJob(url),
    // The table shows no checks: they are not even read (most of the answer's size and parse time).
    listReports: async ({ failedChecks, ...params }) => {
      const page = await (await api()).listReports({ ...params, searchBy: params.search ? 'url' : undefined, withChecks: failedChecks === true });
      return failedChecks ? onlyFailedChecks(page) : page;
    },
    updateReport: async (request) => forgettingReport(request.id, forgettingCachedPages((await api()).updateReport(request))),
    deleteReport: async (request) => forgettingReport(request.id, forgettingCachedPages((await api()).deleteReport(request))),
    getListQuery: () => readListQuery(),
    saveListQuery: async ({ query }) => {
      await writeListQuery(query);
      return query;
    },
    getCachedReport: ({ id, generatedAt }) => cachedReportView(id, generatedAt),
    getReport: async ({ id, url }) => keepingReportView(loadReportView(await connectedApi(), id, url)),
    startBulkRun: async ({ action, privacy, targets }) => {
      const runPrivacy = action === 'privacy' ? (privacy ?? 1) : undefined;
      if (targets.kind === 'reports') {
        return startRun(
          action,
          targets.reports.map(({ id, url }) => ({ reportId: id, url })),
          runPrivacy,
        );
      }
      const chosen = await whileAlive(async () => matchingTargets(await api(), targets.filters, MAX_RUN_ITEMS));
      return startRun(action, chosen.targets, runPrivacy, chosen.matched);
    },
    // Read again here, at the border: only web addresses are sent to the service.
    startCreateRun: ({ urls, privacy }) => startRun('create', urls.flatMap(reportableTarget), privacy),
    getRuns: () => readRunViews(),
    stopRun: ({ id }) => stopRunById(id),
    retryRun: ({ id }) => retryRunById(id),
    dismissRun: ({ id }) => dismissRunById(id),
    exportReports: async ({ filters }) => {
      const { api: client, baseUrl } = await connectedApi();
      return whileAlive(() => exportCsv(client, baseUrl, filters));
    },
    getQuota: async () => monthQuota(await api()),
    reportTabs: ({ windowId }) => whileAlive(() => reportTabs(windowId)),
    planTabs: ({ windowId }) => tabsPlan(windowId),
    holdSitePermission: async ({ origins }, { tabId } = {}) => {
      await holdSitePermission(tabId, origins);
      return null;
    },
    giveBackSitePermission: async (_, { tabId } = {}) => {
      if (tabId !== undefined) await giveBackSitePermission(tabId);
      return null;
    },
    findPathOnOtherHosts: async ({ url }) => reportsOfPathOnOtherHosts(await api(), url),
    getSiteSummary: ({ project }) => siteSummaryNow(project),
    startSiteSummary: ({ project, refresh }) => startSiteSummary(project, refresh),
    cancelSiteSummary: ({ project }) => cancelSiteSummary(project),
    getSiteGlance: async ({ url }) => siteGlance(await api(), url),
    readSitemap: ({ origin, giveBack }) => whileAlive(() => planSitemap(connectedApi, origin, giveBack)),
    getSiteLimits: () => readSiteLimits(),
    saveSiteLimits: (request) => saveSiteLimits(request),
    acceptFinding: (request) => acceptFinding(request),
    removeAccepted: ({ id }) => removeAccepted(id),
    getLimitsVerdict: async ({ id }) => reportLimitsVerdict(await api(), id),
    getHandover: () => readHandover(),
    saveAgency: ({ agency }) => writeAgency(agency),
    saveTracker: ({ project, tracker }) => writeTracker(project, tracker),
    getWatches: () => readWatchesView(),
    addWatches: (request) => addWatches(request),
    changeWatch: (request) => changeWatch(request),
    removeWatch: ({ id }) => removeWatch(id),
    checkWatchNow: ({ id }) => checkWatchNow(id),
    getWatchFor: ({ url }) => watchFor(url),
    saveWatchSettings: (request) => saveWatchSettings(request),
    testWebhook: () => testWebhook(),
    exportSettings: ({ includeKeys }) => exportSettings(includeKeys),
    previewImport: ({ text }) => previewImport(text),
    applyImport: ({ text }) => applyImport(text),
  };
}

function reportableTarget(url: string): { url: string }[] {
  const reportable = checkReportable(url);
  return reportable.ok ? [{ url: reportable.url }] : [];
}

/** Work of many requests (every page of a list): the worker must not be stopped halfway. */
async function whileAlive<T>(work: () => Promise<T>): Promise<T> {
  const release = keepAlive();
  try {
    return await work();
  } finally {
    release();
  }
}

/** A changed or deleted report's kept view would show it as it was, even when the change failed halfway. */
async function forgettingReport<T>(id: number, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    await forgetReportView(id);
  }
}
