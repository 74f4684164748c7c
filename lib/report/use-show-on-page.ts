import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { OutlineResult } from '@/lib/report/outline-in-page';
import { findPageTab, type PageTab } from '@/lib/report/page-tab';
import type { PageTargets } from '@/lib/report/page-targets';
import { clearOnPage, outlineFailure, outlineOnPage } from '@/lib/report/show-on-page';
import { afterPaint } from '@/lib/pages/after-paint';
import { t } from '@/lib/shared/i18n';

export interface ShownOnPage {
  key: string;
  tabId: number;
  result: OutlineResult;
}

/**
 * "Show on page" for one report: which tab it can work in, which check is
 * outlined there now, and the words for what could not be done. One check is
 * outlined at a time; a second click, or the page changing, takes it away.
 * A site permission asked for here is given back once the outline is gone.
 */
export function useShowOnPage(stored: string | null, hintTabId: number | undefined) {
  const [tab, setTab] = useState<PageTab | null>(null);
  const [shown, setShown] = useState<ShownOnPage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ key: string; text: string } | null>(null);
  const asked = useRef<string[]>([]);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  const probe = useCallback(() => {
    if (stored) void findPageTab(stored, hintTabId).then(setTab, () => setTab({ state: 'unknown' }));
  }, [stored, hintTabId]);

  const release = useCallback(() => {
    const origins = asked.current;
    asked.current = [];
    if (origins.length > 0)
      void browser.permissions
        .remove({ origins })
        .catch(() => false)
        .then(probe);
  }, [probe]);

  useEffect(() => {
    // After the report's first frame is painted: the tab only matters to a click on "Show on page".
    let live = true;
    void afterPaint().then(() => live && probe());
    // The user may open the page, or the popup on it, in another tab and come back.
    const onVisible = () => document.visibilityState === 'visible' && probe();
    const gone = (tabId: number) => {
      if (shownRef.current?.tabId !== tabId) return;
      setShown(null);
      release();
    };
    const onUpdated = (tabId: number, change: { status?: string; url?: string }) => {
      if (change.status === 'loading' || change.url) gone(tabId);
    };
    document.addEventListener('visibilitychange', onVisible);
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.tabs.onRemoved.addListener(gone);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', onVisible);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(gone);
    };
  }, [probe, release]);

  const run = async (key: string, targets: PageTargets, label: string, host: string) => {
    if (!stored) return;
    setBusy(key);
    setMessage(null);
    try {
      const found = await findPageTab(stored, hintTabId);
      setTab(found);
      if (found.state !== 'ready') {
        setMessage({
          key,
          text: found.state === 'unknown' ? t('showOnPageUnknownSite') : t('showOnPageOpenFirst', { address: stored }),
        });
        return;
      }
      setShown({ key, tabId: found.tabId, result: await outlineOnPage(found.tabId, targets, label) });
    } catch (error) {
      setMessage({ key, text: outlineFailure(error, host) });
    } finally {
      setBusy(null);
    }
  };

  const toggle = (key: string, targets: PageTargets, label: string) => {
    if (busy) return;
    if (shown?.key === key) {
      setBusy(key);
      void clearOnPage(shown.tabId).finally(() => {
        setShown(null);
        setBusy(null);
        release();
      });
      return;
    }
    if (tab?.state === 'ask') {
      const { origins, host } = tab;
      // First thing in the click: the browser shows its prompt only within the user's gesture.
      void browser.permissions
        .request({ origins })
        .catch(() => false)
        .then((granted) => {
          if (!granted) return setMessage({ key, text: refused(host) });
          asked.current = [...new Set([...asked.current, ...origins])];
          return run(key, targets, label, host);
        });
      return;
    }
    void run(key, targets, label, stored ? (stored.split(/[/?#]/)[0] ?? stored) : '');
  };

  return { tab, shown, busy, message, toggle };
}

const refused = (host: string) => t('showOnPageRefused', { host });
