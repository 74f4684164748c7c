import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The popup's first questions (its tab, what was kept) go to the browser as its script starts. In a new page
 * process, the first word read from the catalogue takes 20 ms, as the catalogue is handed over: a word read while
 * the popup's modules load would hold those questions back by as much.
 */
describe('the popup’s start', () => {
  it('reads no word of the catalogue while its modules load', async () => {
    vi.resetModules();
    const getMessage = vi.spyOn(fakeBrowser.i18n, 'getMessage');
    try {
      // What entrypoints/popup/main.tsx imports, but the styles.
      await import('@/entrypoints/popup/App');
      await import('@/lib/pages/page-language');
      const { askPopupStart } = await import('@/lib/popup/use-popup');
      expect(getMessage).not.toHaveBeenCalled();
      const query = vi.spyOn(fakeBrowser.tabs, 'query');
      void askPopupStart().tab.catch(() => undefined);
      expect(query).toHaveBeenCalledTimes(1);
      expect(getMessage).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
