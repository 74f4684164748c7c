import { isApiError } from '@/lib/api/errors';
import { privacyDraft, readListQuery, writePreferences, writeListQuery } from '@/lib/storage';
import { readHandover, writeAgency, writeTracker } from '@/lib/storage';
import { connectedApi, forgetKey, saveConnection, saveKeyLifetime, settingsAndApi, settingsView } from '@/lib/background/connection';
import { forgettingCachedPages, keepingPageState } from '@/lib/background/popup-cache';
import { pageState } from '@/lib/background/page-state';
import { dismissJob, startReport, waitForJob } from '@/lib/background/report-jobs';
import { cancelQueued, queueReport, readQueue, retryQueuedNow } from '@/lib/background/runs/queued-creates';
import { cachedReportView, forgetReportView, keepingReportView } from '@/lib/background/report-cache';
import { loadHandoverReport, loadReportView } from '@/lib/background/report-view';
import { checkReportable } from '@/lib/shared/page-address';
import type { Handlers, PageSender } from '@/lib/background/router';
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
import { removeServiceAsked, saveService, servicesView, setDefaultService } from '@/lib/background/service-list';
import { choosePopupService, openedBeside, popupServiceOf, popupServicesView } from '@/lib/background/popup-service';
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
import { matchingPagesToWatch } from '@/lib/background/watches/matching-pages';
import { exportSettings } from '@/lib/background/settings-file/settings-export';
import { applyImport, previewImport } from '@/lib/background/settings-file/settings-import';
import { setSettingsSync, settingsSyncView } from '@/lib/background/settings-sync/settings-sync';

/** Every message the pages may send, answered in terms of the services in this folder. */
export function createHandlers(): Handlers {
  /** The service a page's message names, else the default: its address and key only. */
  const connected = (from?: PageSender) => connectedApi({}, from?.service);
  const api = async (from?: PageSender) => (await connected(from)).api;
  // The popup still shows what it can (the job, the settings) when the service cannot be reached.
  const apiIfConnected = (from?: PageSender) => api(from).catch((error: unknown) => (isApiError(error) ? null : Promise.reject(error)));

  /**
   * The service named by the message, else the one chosen in the window's popup (`beside`: for its panel beside the page,
   * the one kept for that panel first), else the default.
   */
  const readPageState = async (url: string, from?: PageSender, windowId?: number, beside?: boolean) => {
    // The service the message names (most often none: the default), the policy with it, is read while the window's
    // choice is, not after it; read again only when the window chose another.
    const named = from?.service;
    const namedRead = settingsAndApi(named);
    namedRead.catch(() => undefined); // heard where it is used, unheard when the window chose another
    const popup = await popupServiceOf(windowId, beside);
    const service = named ?? popup.service;
    const read = async () => {
      const { settings, api: client } = await (service === named ? namedRead : settingsAndApi(service));
      const popupServices = popup.view && popupServicesView(popup.view, service ?? popup.view.chosen);
      return { settings: popupServices ? { ...settings, popupServices } : settings, ...(await pageState(client, url, service)) };
    };
    // Kept for the next popup on the same service: the settings kept with it name that service.
    return keepingPageState(url, read);
  };

  return {
    getSettings: () => settingsView(),
    saveConnection: (request) => saveConnection(request),
    forgetKey: () => forgetKey(),
    saveKeyLifetime: ({ sessionOnly }) => saveKeyLifetime(sessionOnly),
    savePreferences: async (changes) => {
      await writePreferences(changes);
      return settingsView();
    },
    getAccount: async (_, from) => (await api(from)).getAccount(),
    savePrivacyDraft: async ({ url, privacy }) => {
      await privacyDraft.write(privacy === null ? null : { url, privacy });
      return null;
    },
    getPageState: ({ url, windowId, beside }, from) => readPageState(url, from, windowId, beside),
    createReport: async (request, from) => startReport(await connected(from), request),
    waitForJob: async ({ url }, from) => waitForJob(await apiIfConnected(from), url, from?.service),
    queueReport: ({ url, privacy, sentAt, offline }, from) => queueReport({ url, privacy, sentAt, reached: !offline, service: from?.service }),
    cancelQueued: ({ url, everyService }, from) => cancelQueued(url, everyService ? undefined : (from?.service ?? null)),
    getQueue: () => readQueue(),
    retryQueue: () => retryQueuedNow(),
    dismissJob: ({ url }, from) => dismissJob(url, from?.service),
    // The table shows no checks: they are not even read (most of the answer's size and parse time).
    listReports: async ({ failedChecks, ...params }, from) => {
      const page = await (await api(from)).listReports({ ...params, searchBy: params.search ? 'url' : undefined, withChecks: failedChecks === true });
      return failedChecks ? onlyFailedChecks(page) : page;
    },
    updateReport: async (request, from) => forgettingReport(request.id, forgettingCachedPages((await api(from)).updateReport(request))),
    deleteReport: async (request, from) => forgettingReport(request.id, forgettingCachedPages((await api(from)).deleteReport(request))),
    getListQuery: () => readListQuery(),
    saveListQuery: async ({ query }) => {
      await writeListQuery(query);
      return query;
    },
    // Report ids are each service's own: only the default's report views are kept.
    getCachedReport: async ({ id, generatedAt }, from) => (from?.service ? null : cachedReportView(id, generatedAt)),
    getReport: async ({ id, url }, from) => {
      const loading = loadReportView(await connected(from), id, url);
      return from?.service ? loading : keepingReportView(loading);
    },
    startBulkRun: async ({ action, privacy, targets }, from) => {
      const runPrivacy = action === 'privacy' ? (privacy ?? 1) : undefined;
      if (targets.kind === 'reports') {
        return startRun(
          action,
          targets.reports.map(({ id, url }) => ({ reportId: id, url })),
          runPrivacy,
          undefined,
          from?.service,
        );
      }
      const chosen = await whileAlive(async () => matchingTargets(await api(from), targets.filters, MAX_RUN_ITEMS));
      return startRun(action, chosen.targets, runPrivacy, chosen.matched, from?.service);
    },
    // Read again here, at the border: only web addresses are sent to the service.
    startCreateRun: ({ urls, privacy }, from) => startRun('create', urls.flatMap(reportableTarget), privacy, undefined, from?.service),
    getRuns: () => readRunViews(),
    stopRun: ({ id }) => stopRunById(id),
    retryRun: ({ id }) => retryRunById(id),
    dismissRun: ({ id }) => dismissRunById(id),
    exportReports: async ({ filters }, from) => {
      const { api: client, baseUrl } = await connected(from);
      return whileAlive(() => exportCsv(client, baseUrl, filters));
    },
    getQuota: async (_, from) => monthQuota(await api(from)),
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
    findPathOnOtherHosts: async ({ url }, from) => reportsOfPathOnOtherHosts(await api(from), url),
    getSiteSummary: ({ project }, from) => siteSummaryNow(project, from?.service),
    startSiteSummary: ({ project, refresh }, from) => startSiteSummary(project, refresh, from?.service),
    cancelSiteSummary: ({ project }, from) => cancelSiteSummary(project, from?.service),
    getSiteGlance: async ({ url }, from) => siteGlance(await api(from), url, from?.service),
    readSitemap: ({ origin, giveBack }, from) => whileAlive(() => planSitemap(() => connected(from), origin, giveBack)),
    getSiteLimits: () => readSiteLimits(),
    saveSiteLimits: (request) => saveSiteLimits(request),
    acceptFinding: (request) => acceptFinding(request),
    removeAccepted: ({ id }) => removeAccepted(id),
    getLimitsVerdict: async ({ id }, from) => reportLimitsVerdict(await api(from), id),
    getHandover: () => readHandover(),
    saveAgency: ({ agency }) => writeAgency(agency),
    saveTracker: ({ project, tracker }) => writeTracker(project, tracker),
    getWatches: () => readWatchesView(),
    addWatches: (request, from) => addWatches(request, from?.service),
    changeWatch: (request) => changeWatch(request),
    removeWatch: ({ id }) => removeWatch(id),
    checkWatchNow: ({ id }) => checkWatchNow(id),
    getWatchFor: ({ url }) => watchFor(url),
    saveWatchSettings: (request) => saveWatchSettings(request),
    testWebhook: () => testWebhook(),
    getHandoverReport: async ({ id }) => loadHandoverReport(await connectedApi(), id),
    matchingPagesToWatch: async ({ filters }) => {
      const watched = (await readWatchesView()).watches.map((watch) => watch.url);
      return whileAlive(async () => matchingPagesToWatch(await api(), filters, watched));
    },
    getServices: () => servicesView(),
    saveService: (request) => saveService(request),
    removeService: (request) => removeServiceAsked(request),
    setDefaultService: ({ id }) => setDefaultService(id),
    choosePopupService: ({ windowId, service }) => choosePopupService(windowId, service),
    openedBeside: ({ windowId }, from) => openedBeside(windowId, from?.service),
    exportSettings: ({ includeKeys }) => exportSettings(includeKeys),
    previewImport: ({ text }) => previewImport(text),
    applyImport: ({ text }) => applyImport(text),
    getSettingsSync: () => settingsSyncView(),
    setSettingsSync,
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
