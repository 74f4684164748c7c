import { z } from 'zod';
import type { Account, DeleteResult, Report, ReportPage } from '@/lib/api';
import type { ApiErrorData } from '@/lib/api/errors';
import { reportsViewInput } from '@/lib/reports-view/schema';
import type { ReportsView } from '@/lib/options/reports-view';
import { PRIVACY_VALUES, RESULT_LABELS } from '@/lib/shared/score';
import type { Preferences } from '@/lib/storage';

/**
 * The whole protocol between the extension's pages and its background.
 * Each message takes one object; its zod schema is the check the background
 * runs on arrival. Pages import this file with `import type` only, so zod
 * never enters their bundles.
 */

/** Also how storage and report jobs check a stored privacy. */
export const privacy = z.literal(PRIVACY_VALUES);
const password = z.string().min(1).max(128);
const reportId = z.number().int().positive();
const pageUrl = z.string().min(1).max(2048);

export const requests = {
  /** What the UI may know about the settings: never the key itself. */
  getSettings: z.object({}),
  /** Normalise, check the permission, prove the connection with the account, then keep it. */
  saveConnection: z.object({ baseUrl: z.string().max(2048), apiKey: z.string().max(512).optional() }),
  forgetKey: z.object({}),
  savePreferences: z.object({ defaultPrivacy: privacy.optional(), badgeEnabled: z.boolean().optional() }),
  getAccount: z.object({}),
  /** Everything the popup shows for one page: the job in progress or just ended, and the reports already made. */
  getPageState: z.object({ url: pageUrl }),
  /** Starts (or joins) the report of a page; answers when the service has finished the audit. */
  createReport: z.object({ url: pageUrl, privacy, password: password.optional() }),
  /** Answers when the report being created for this page is finished (at once if none is). */
  waitForJob: z.object({ url: pageUrl }),
  dismissJob: z.object({ url: pageUrl }),
  listReports: z.object({
    search: z.string().max(2048).optional(),
    project: z.string().max(255).optional(),
    result: z.enum(RESULT_LABELS).optional(),
    sortBy: z.enum(['id', 'generated_at', 'url', 'result']).optional(),
    sort: z.enum(['asc', 'desc']).optional(),
    perPage: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).optional(),
    page: z.number().int().positive().max(1_000_000).optional(),
  }),
  updateReport: z.object({ id: reportId, privacy: privacy.optional(), password: password.optional(), regenerate: z.boolean().optional() }),
  deleteReport: z.object({ id: reportId }),
  /** The reports manager's kept view (search, filters, sort, page size, page), read in the background so the options page stays free of zod. */
  getReportsView: z.object({}),
  saveReportsView: z.object({ view: reportsViewInput }),
} as const;

export type MessageType = keyof typeof requests;
export type RequestOf<T extends MessageType> = z.input<(typeof requests)[T]>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof requests)[T]>;

export interface SettingsView {
  baseUrl: string | null;
  keySet: boolean;
  /** The last four characters, so the user can tell which key is stored. */
  keyHint: string | null;
  /** Whether the browser still lets the extension reach the service (users can revoke it at any time). */
  permissionGranted: boolean;
  preferences: Preferences;
}

export type Job =
  | { url: string; state: 'running'; startedAt: number; privacy: 0 | 1 | 2 }
  | { url: string; state: 'done'; startedAt: number; report: Report }
  | { url: string; state: 'failed'; startedAt: number; error: ApiErrorData };

export interface PageState {
  settings: SettingsView;
  job: Job | null;
  reports: Report[];
  /** Set when the list could not be fetched; the popup still lets the user create a report. */
  reportsError: ApiErrorData | null;
}

export interface Responses {
  getSettings: SettingsView;
  saveConnection: { settings: SettingsView; account: Account };
  forgetKey: SettingsView;
  savePreferences: SettingsView;
  getAccount: Account;
  getPageState: PageState;
  createReport: Report;
  waitForJob: Job | null;
  dismissJob: null;
  listReports: ReportPage;
  updateReport: Report;
  deleteReport: DeleteResult;
  getReportsView: ReportsView;
  saveReportsView: ReportsView;
}

export type ResponseOf<T extends MessageType> = Responses[T];

export const envelope = z.object({ type: z.enum(Object.keys(requests) as [MessageType, ...MessageType[]]), payload: z.unknown() });

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };
