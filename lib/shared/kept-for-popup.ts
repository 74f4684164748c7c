import { browser } from 'wxt/browser';
import type { CachedPage } from '@/lib/protocol';
import { PRIVACY_VALUES, type Privacy } from '@/lib/shared/privacy';

/**
 * The only stored items a page reads itself: what the last popup showed for each page, and the privacy
 * chosen there. Both are in session storage (never on disk), hold no key, and are written only by the
 * background, which checks each write against its schema (lib/storage.ts declares them under these names).
 * A popup opened while the worker sleeps draws from them before the worker has even started.
 */
export const POPUP_PAGES_ITEM = 'popupPageCache';
export const PRIVACY_DRAFT_ITEM = 'popupPrivacyDraft';

export interface KeptForPopup {
  /** What the last popup on the page showed. */
  cached: CachedPage | null;
  /** The privacy chosen there before a report was made. */
  privacyDraft: Privacy | null;
}

export type KeptItems = Record<string, unknown>;

/** Both items, read at once: a popup starts this before it knows its tab. */
export function readKeptForPopup(): Promise<KeptItems> {
  return browser.storage.session.get([POPUP_PAGES_ITEM, PRIVACY_DRAFT_ITEM]);
}

/** What was kept for `url`. Anything not in the shape the background writes counts as nothing kept. */
export function keptFor(items: KeptItems, url: string): KeptForPopup {
  const pages = items[POPUP_PAGES_ITEM];
  const page = Array.isArray(pages) ? (pages as unknown[]).find((entry) => isRecord(entry) && entry.url === url) : undefined;
  const cached = isRecord(page) && isRecord(page.settings) && Array.isArray(page.reports) ? (page as unknown as CachedPage) : null;
  const draft = items[PRIVACY_DRAFT_ITEM];
  const privacy = isRecord(draft) && draft.url === url ? PRIVACY_VALUES.find((value) => value === draft.privacy) : undefined;
  return { cached, privacyDraft: privacy ?? null };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
