import { sendToBackground } from '@/lib/pages/send-to-background';
import { openBesidePage } from '@/lib/shared/beside-page';

/**
 * Opens the panel beside the page from one of the extension's pages, on the service that page is on (the one its
 * messages name; none: the default). The background hears it in the same turn, before the panel's first read, and a
 * panel open already reads again. `place`: where Chrome opens it (the window named, else a tab of it). Call straight
 * from the click, as openBesidePage asks. Rejects when the browser refuses to open it.
 */
export function openBesideFromPage(windowId: number, place: { windowId: number } | { tabId: number } = { windowId }): Promise<void> {
  // Unheard, the panel shows the service its window's popup reports to, as it would anyway.
  void sendToBackground('openedBeside', { windowId }).catch(() => null);
  return openBesidePage(place);
}
