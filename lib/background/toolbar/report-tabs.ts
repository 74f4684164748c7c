import { browser } from 'wxt/browser';
import type { ReportsApi } from '@/lib/api';
import { ApiError, asApiError, errorForPages } from '@/lib/api/errors';
import { connectedApi } from '@/lib/background/connection';
import { reportsForPage } from '@/lib/background/address-reports';
import { addRun, createsUnderWay } from '@/lib/background/runs/run-engine';
import { showNotification } from '@/lib/background/toolbar/notifications';
import { toolbarPrivacy } from '@/lib/background/toolbar/report-without-popup';
import type { ResponseOf } from '@/lib/protocol';
import { pageKey, tabAddress } from '@/lib/shared/page-address';
import { planTabs } from '@/lib/shared/tab-plan';
import { TABS_PERMISSION } from '@/lib/shared/permission';
import { runTitle, tabsCount, tabsSkippedText } from '@/lib/shared/run-text';
import { readPreferences } from '@/lib/storage';
import { createSerialQueue } from '@/lib/shared/serial-queue';
import { t } from '@/lib/shared/i18n';

/**
 * "Report all tabs" (the popup's button, the toolbar icon's right-click menu):
 * every tab of one window, as one run in the background, with the default
 * privacy (Private when it is Password: nobody is there to type one). Pages
 * that cannot be reported, duplicates and pages reported in the last 10
 * minutes are left out and counted.
 */

export const RECENT_MS = 10 * 60_000;

/** The addresses the service has a report of made in the last 10 minutes (by its own clock). */
async function recentlyReported(api: ReportsApi, urls: readonly string[]): Promise<Set<string>> {
  const recent = new Set<string>();
  for (const url of urls) {
    const { reports, serviceTime } = await reportsForPage(api, url);
    const since = (serviceTime ?? Date.now()) - RECENT_MS;
    if (reports.some((r) => r.createdAt !== null && Date.parse(r.createdAt) >= since)) recent.add(url);
  }
  return recent;
}

async function windowPlan(windowId: number) {
  const tabs = await browser.tabs.query({ windowId });
  return planTabs(tabs.map((tab) => (tab.incognito ? undefined : tabAddress(tab))));
}

/** What the popup's button offers: null while the extension may not read the tabs' addresses (the click asks). */
export async function tabsPlan(windowId: number): Promise<ResponseOf<'planTabs'>> {
  if (!(await browser.permissions.contains(TABS_PERMISSION))) return null;
  const reportable = (await windowPlan(windowId)).urls.length;
  return { reportable, label: t('tabsReportAll', { tabs: tabsCount(reportable) }) };
}

/**
 * One report of the tabs at a time: a second (a double click, the menu chosen twice) starts once the
 * first has added its run, so it finds those pages under way or reported.
 */
const oneAtATime = createSerialQueue();
export const reportTabs = (windowId: number): Promise<ResponseOf<'reportTabs'>> => oneAtATime(() => reportWindowTabs(windowId));

async function reportWindowTabs(windowId: number): Promise<ResponseOf<'reportTabs'>> {
  if (!(await browser.permissions.contains(TABS_PERMISSION))) throw new ApiError({ kind: 'permission-missing', message: t('tabsNeedPermission') });
  const plan = await windowPlan(windowId);
  const { api } = await connectedApi();
  // Read before the service is asked: a page whose create ends meanwhile would be neither recent to it nor under way at the add.
  const underWay = await createsUnderWay();
  const recent = await recentlyReported(
    api,
    plan.urls.filter((url) => !underWay.has(pageKey(url))),
  );
  const urls = plan.urls.filter((url) => !recent.has(url));
  const privacy = toolbarPrivacy((await readPreferences()).defaultPrivacy);
  const { run, underWay: leftOut } =
    urls.length > 0
      ? await addRun(
          'create',
          urls.map((url) => ({ url })),
          privacy,
          { alsoUnderWay: underWay },
        )
      : { run: null, underWay: 0 };
  const skipped = { unsupported: plan.unsupported, duplicates: plan.duplicates, recent: recent.size, underWay: leftOut };
  const started = run ? t('tabsStarted', { title: runTitle('create', run.total, run.privacy) }) : t('tabsNothingNew');
  return { run, skipped, message: `${started} ${tabsSkippedText(skipped)}`.trim() };
}

/** From the toolbar icon's menu: the outcome, and what was left out, in a notification. */
export async function reportTabsFromMenu(windowId: number | undefined): Promise<void> {
  if (windowId === undefined) return;
  try {
    // A menu click is a user gesture: the browser may ask for the permission here.
    if (!(await browser.permissions.contains(TABS_PERMISSION))) await browser.permissions.request(TABS_PERMISSION).catch(() => false);
    const { message } = await reportTabs(windowId);
    await showNotification({ title: t('tabsNotifyTitle'), message, action: { kind: 'options' } });
  } catch (error) {
    const data = errorForPages(asApiError(error));
    await showNotification({ title: t('tabsCouldNot'), message: data.message, action: { kind: 'options' } });
  }
}
