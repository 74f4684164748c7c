import { browser } from 'wxt/browser';
import { isPrivacy, type Privacy } from '@/lib/shared/score';

/**
 * The privacy chosen in the popup for one page, kept while the browser runs
 * so a popup that closes (a click elsewhere) does not lose it. The default
 * in the settings stays untouched; a typed password is never kept.
 */

const KEY = 'popupPrivacyDraft';

export async function readPrivacyDraft(url: string): Promise<Privacy | null> {
  try {
    const stored: unknown = (await browser.storage.session.get(KEY))[KEY];
    if (typeof stored !== 'object' || stored === null) return null;
    const draft = stored as { url?: unknown; privacy?: unknown };
    return draft.url === url && isPrivacy(draft.privacy) ? draft.privacy : null;
  } catch {
    // Session storage is missing in older browsers; the default applies then.
    return null;
  }
}

export async function writePrivacyDraft(url: string, privacy: Privacy | null): Promise<void> {
  try {
    if (privacy === null) await browser.storage.session.remove(KEY);
    else await browser.storage.session.set({ [KEY]: { url, privacy } });
  } catch {
    // Nothing to keep it in: the choice lasts as long as the popup.
  }
}
