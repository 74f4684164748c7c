import { browser } from 'wxt/browser';
import type { CachedPage } from '@/lib/protocol';
import { PRIVACY_VALUES, type Privacy } from '@/lib/shared/privacy';

/**
 * The only stored items a page reads itself: what the last popup showed for each page, the privacy
 * chosen there, and the service each window's popup reports to. All are in session storage (never on
 * disk), hold no key, and are written only by the background, which checks each write against its schema
 * (lib/storage.ts declares them under these names). A popup opened while the worker sleeps draws from
 * them before the worker has even started.
 */
export const POPUP_PAGES_ITEM = 'popupPageCache';
export const PRIVACY_DRAFT_ITEM = 'popupPrivacyDraft';
export const POPUP_SERVICE_ITEM = 'popupServiceByWindow';

export interface KeptForPopup {
  /** What the last popup on the page showed, on the service this window's popup reports to. */
  cached: CachedPage | null;
  /** The privacy chosen there before a report was made. */
  privacyDraft: Privacy | null;
}

export type KeptItems = Record<string, unknown>;

/** The items, read at once: a popup starts this before it knows its tab. */
export function readKeptForPopup(): Promise<KeptItems> {
  return browser.storage.session.get([POPUP_PAGES_ITEM, PRIVACY_DRAFT_ITEM, POPUP_SERVICE_ITEM]);
}

/**
 * What was kept for `url`, for the popup of `windowId` (undefined: one on the default service). Anything not
 * in the shape the background writes counts as nothing kept, and so does a page read for another service.
 */
export function keptFor(items: KeptItems, url: string, windowId?: number): KeptForPopup {
  const pages = items[POPUP_PAGES_ITEM];
  const choices = items[POPUP_SERVICE_ITEM];
  const chosen = isRecord(choices) ? choices[String(windowId)] : undefined;
  const page = Array.isArray(pages)
    ? (pages as unknown[]).find(
        (entry) => isRecord(entry) && entry.url === url && isRecord(entry.settings) && forService(entry.settings.popupServices, chosen),
      )
    : undefined;
  const cached = isRecord(page) && Array.isArray(page.reports) ? (page as unknown as CachedPage) : null;
  const draft = items[PRIVACY_DRAFT_ITEM];
  const privacy = isRecord(draft) && draft.url === url ? PRIVACY_VALUES.find((value) => value === draft.privacy) : undefined;
  return { cached, privacyDraft: privacy ?? null };
}

/**
 * Whether a kept page's services (`settings.popupServices`) are those of a popup whose window chose `chosen`: they
 * name the service the page was read for when there were several (`chosen`, and `named` unless it was the default).
 * A page kept while there was one service is that one's: every change of the services forgets what was kept.
 */
function forService(services: unknown, chosen: unknown): boolean {
  if (!isRecord(services)) return services === undefined;
  return typeof chosen === 'string' ? services.chosen === chosen : services.named === undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
