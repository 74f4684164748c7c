import type { ApiErrorData } from '@/lib/api/errors';
import type { CachedPage, Job, ListedReport, PageState, QueuedReport, SettingsView } from '@/lib/protocol';
import { checkReportable, isStoredAddressOf } from '@/lib/shared/page-address';
import { newestFirst } from '@/lib/shared/report-order';
import type { Privacy } from '@/lib/shared/privacy';
import { t } from '@/lib/shared/i18n';

/**
 * What the popup shows, as a reducer over what it learns: the tab's
 * address, what the last popup on the page showed (cached), the page state
 * from the background, and the report job's progress. Pure, so every path
 * can be tested without a browser.
 */

export type PopupState =
  | { phase: 'starting' }
  | { phase: 'unsupported'; address: string | null; reason: string; settings: SettingsView | null }
  | { phase: 'loading'; address: string }
  | { phase: 'failed'; address: string; error: ApiErrorData }
  | {
      phase: 'ready';
      address: string;
      settings: SettingsView;
      reports: ListedReport[];
      reportsError: ApiErrorData | null;
      job: Job | null;
      /** Waiting in the queue for the service to be back. */
      queued: QueuedReport | null;
      /** False while it shows what the cache kept, until the background answers. */
      fresh: boolean;
    };

export type PopupAction =
  /** `found` false: no active tab at all. A tab without `url` is one whose address the browser keeps from the extension. */
  | { type: 'tab'; url: string | null | undefined; found?: boolean }
  | { type: 'settings'; settings: SettingsView }
  | { type: 'cached'; page: CachedPage }
  | { type: 'loaded'; page: PageState }
  | { type: 'loadFailed'; error: ApiErrorData }
  | { type: 'started'; privacy: Privacy; startedAt: number }
  | { type: 'settled'; job: Job | null }
  | { type: 'dismissed' }
  | { type: 'queued'; entry: QueuedReport | null };

export const initialPopupState: PopupState = { phase: 'starting' };

export function popupReducer(state: PopupState, action: PopupAction): PopupState {
  switch (action.type) {
    case 'tab': {
      // Chromium hides a tab's address from the popup, even after a click on the icon (activeTab), when the tab shows one
      // of its own pages, about:blank, a data: page or a file: the address a web page has is always shown then.
      if (action.found !== false && action.url === undefined) return { phase: 'unsupported', address: null, reason: t('popHidden'), settings: null };
      const check = checkReportable(action.url);
      if (!check.ok) return { phase: 'unsupported', address: action.url || null, reason: check.reason, settings: null };
      return { phase: 'loading', address: check.url };
    }
    case 'settings':
      return state.phase === 'unsupported' ? { ...state, settings: action.settings } : state;
    case 'cached': {
      if (state.phase !== 'loading' || action.page.url !== state.address) return state;
      const { settings, reports } = action.page;
      return {
        phase: 'ready',
        address: state.address,
        settings,
        reports: newestFirst(reports),
        reportsError: null,
        job: null,
        queued: null,
        fresh: false,
      };
    }
    case 'loaded': {
      if (state.phase !== 'loading' && state.phase !== 'ready') return state;
      // A report asked for while the cached state showed is newer than the answer the popup was waiting for.
      const job = state.phase === 'ready' && !state.fresh ? (action.page.job ?? state.job) : action.page.job;
      const reports = withNewReport(newestFirst(action.page.reports), job, state.address);
      return { phase: 'ready', address: state.address, ...action.page, job, reports, fresh: true };
    }
    case 'loadFailed': {
      const showingCache = state.phase === 'ready' && !state.fresh;
      if (state.phase !== 'loading' && !showingCache) return state;
      // A report asked for meanwhile stays in view; the list says why it could not be refreshed.
      if (showingCache && state.job) return { ...state, fresh: true, reportsError: action.error };
      return { phase: 'failed', address: state.address, error: action.error };
    }
    case 'started':
      if (state.phase !== 'ready') return state;
      return { ...state, job: { url: state.address, state: 'running', startedAt: action.startedAt, privacy: action.privacy } };
    case 'settled':
      if (state.phase !== 'ready') return state;
      return { ...state, job: action.job, reports: withNewReport(state.reports, action.job, state.address) };
    case 'dismissed':
      return state.phase === 'ready' ? { ...state, job: null } : state;
    case 'queued':
      // Queued, the failed attempt is behind it: the page shows that it waits instead.
      return state.phase === 'ready' ? { ...state, queued: action.entry, job: action.entry ? null : state.job } : state;
  }
}

/** A report just made for this page joins the list at the top, once. */
function withNewReport(reports: ListedReport[], job: Job | null, address: string): ListedReport[] {
  if (job?.state !== 'done') return reports;
  const report = job.report;
  if (reports.some((r) => r.id === report.id) || !isStoredAddressOf(report.url, address)) return reports;
  return [report, ...reports];
}

export type PopupNeed = 'connect' | 'permission' | null;

/** What must happen before a report can be asked for: connect the extension, or grant its permission again. */
export function popupNeed(settings: SettingsView): PopupNeed {
  if (!settings.baseUrl || !settings.keySet) return 'connect';
  if (!settings.permissionGranted) return 'permission';
  return null;
}
