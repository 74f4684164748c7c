import { browser } from 'wxt/browser';
import type { Report } from '@/lib/api';
import type { SettingsView } from '@/lib/protocol';
import { isPrivacy, isResultLabel } from '@/lib/shared/score';

/**
 * What the popup last showed for a page, kept in session storage so the next
 * popup on it can draw the reports at once and refresh them after. The
 * background writes it (only for a page with no report job, whose list
 * loaded); the popup reads it with the hand-written check below, which keeps
 * zod out of its bundle. Never holds the key: settings are the UI's view.
 */

export interface CachedPage {
  url: string;
  settings: SettingsView;
  reports: Report[];
  /** When the background wrote it (ms since epoch). */
  at: number;
}

export const PAGE_CACHE_KEY = 'popupPageCache';
/** Pages kept, the most recently shown first. */
export const PAGE_CACHE_LIMIT = 20;

export async function readCachedPages(): Promise<CachedPage[]> {
  try {
    const stored: unknown = (await browser.storage.session.get(PAGE_CACHE_KEY))[PAGE_CACHE_KEY];
    return Array.isArray(stored) ? stored.filter(isCachedPage) : [];
  } catch {
    // No session storage (older browsers): the popup waits for the background, as without a cache.
    return [];
  }
}

export async function writeCachedPages(pages: CachedPage[]): Promise<void> {
  try {
    await browser.storage.session.set({ [PAGE_CACHE_KEY]: pages.slice(0, PAGE_CACHE_LIMIT) });
  } catch {
    // Nothing to keep it in: every popup waits for the background.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

function isSettings(value: unknown): value is SettingsView {
  return (
    isObject(value) &&
    isStringOrNull(value.baseUrl) &&
    typeof value.keySet === 'boolean' &&
    isStringOrNull(value.keyHint) &&
    typeof value.permissionGranted === 'boolean' &&
    isObject(value.preferences) &&
    isPrivacy(value.preferences.defaultPrivacy) &&
    typeof value.preferences.badgeEnabled === 'boolean'
  );
}

/** Every field the popup's list reads; `checks` is not kept (the list never shows them). */
function isReport(value: unknown): value is Report {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.url === 'string' &&
    isStringOrNull(value.project) &&
    (value.score === null || typeof value.score === 'number') &&
    (value.label === null || isResultLabel(value.label)) &&
    isPrivacy(value.privacy) &&
    typeof value.hasPassword === 'boolean' &&
    isStringOrNull(value.generatedAt) &&
    isStringOrNull(value.createdAt) &&
    isStringOrNull(value.updatedAt) &&
    value.checks === null
  );
}

export function isCachedPage(value: unknown): value is CachedPage {
  return (
    isObject(value) &&
    typeof value.url === 'string' &&
    typeof value.at === 'number' &&
    isSettings(value.settings) &&
    Array.isArray(value.reports) &&
    value.reports.every(isReport)
  );
}
