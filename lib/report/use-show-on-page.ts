import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { isApiError } from '@/lib/api/errors';
import type { OutlineResult } from '@/lib/report/outline-in-page';
import { findPageTab, heldOrigins, type PageTab } from '@/lib/report/page-tab';
import type { PageTargets } from '@/lib/report/page-targets';
import { clearOnPage, focusFindingOnPage, outlineFailure, outlineOnPage } from '@/lib/report/show-on-page';
import { steppedFinding } from '@/lib/report/finding-step';
import { afterPaint } from '@/lib/pages/after-paint';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

export interface ShownOnPage {
  key: string;
  tabId: number;
  result: OutlineResult;
  /** The finding focused in the page by "Next finding" or "Previous finding", from 0; none at first. */
  at?: number;
}

/**
 * "Show on page" for one report: which tab it can work in, which check is
 * outlined there now, and the words for what could not be done. One check is
 * outlined at a time; a second click, or the page changing, takes it away.
 * The site permissions a click here added are held by the background for this
 * view (lib/background/site-permissions-held.ts): given back as soon as no
 * outline is on, and by the background when the view goes.
 */
export function useShowOnPage(stored: string | null, hintTabId: number | undefined) {
  const [tab, setTab] = useState<PageTab | null>(null);
  const [shown, setShownState] = useState<ShownOnPage | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ key: string; text: string } | null>(null);
  /** The outline on now, as the handlers must read it between renders. */
  const shownNow = useRef<ShownOnPage | null>(null);
  /** Whether the background holds site permissions for this view. */
  const holding = useRef(false);
  /** Whether a step through the findings is on its way to the page, and the finding the keys want by now. */
  const stepping = useRef(false);
  const wanted = useRef<number | null>(null);

  const setShown = useCallback((next: ShownOnPage | null) => {
    shownNow.current = next;
    setShownState(next);
  }, []);

  const probe = useCallback(() => {
    if (stored) void findPageTab(stored, hintTabId).then(setTab, () => setTab({ state: 'unknown' }));
  }, [stored, hintTabId]);

  // With no outline on, what a click here added has no use left; the next click asks again.
  const giveBackUnlessOutlined = useCallback(() => {
    if (!holding.current || shownNow.current) return;
    holding.current = false;
    void sendToBackground('giveBackSitePermission', {})
      .catch(() => null)
      .then(probe);
  }, [probe]);

  useEffect(() => {
    // After the report's first frame is painted: the tab only matters to a click on "Show on page".
    let live = true;
    void afterPaint().then(() => live && probe());
    // The user may open the page, or the popup on it, in another tab and come back.
    const onVisible = () => document.visibilityState === 'visible' && probe();
    const gone = (tabId: number) => {
      if (shownNow.current?.tabId !== tabId) return;
      setShown(null);
      giveBackUnlessOutlined();
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
  }, [probe, giveBackUnlessOutlined, setShown]);

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
      giveBackUnlessOutlined();
    }
  };

  const toggle = (key: string, targets: PageTargets, label: string) => {
    if (busy) return;
    if (shown?.key === key) {
      setBusy(key);
      void clearOnPage(shown.tabId).finally(() => {
        setShown(null);
        setBusy(null);
        giveBackUnlessOutlined();
      });
      return;
    }
    if (tab?.state === 'ask') {
      const { origins, host } = tab;
      // Both in the click's first turn: the browser prompts only inside the user's gesture, and
      // what is held already is read before the answer can add to it.
      const heldBefore = heldOrigins(origins);
      void browser.permissions
        .request({ origins })
        .catch(() => false)
        .then(async (granted) => {
          if (!granted) return setMessage({ key, text: refused(host) });
          const held = await heldBefore;
          const added = origins.filter((origin) => !held.includes(origin));
          if (added.length > 0) {
            try {
              await holdForThisView(added);
            } catch (error) {
              return setMessage({ key, text: isApiError(error) ? error.message : t('errorNoBackground') });
            }
            holding.current = true;
          }
          return run(key, targets, label, host);
        });
      return;
    }
    void run(key, targets, label, hostOf(stored));
  };

  /** Focuses the wanted finding in the page, then the one wanted since, until the page has caught up with the keys. */
  const focusWanted = async (from: ShownOnPage) => {
    stepping.current = true;
    try {
      for (let to = wanted.current; to !== null; to = wanted.current === to ? null : wanted.current) {
        const found = await focusFindingOnPage(from.tabId, to, from.result.found);
        const current = shownNow.current;
        if (!current || current.key !== from.key || current.tabId !== from.tabId) return;
        if (found.index < 0) {
          setShown(null);
          giveBackUnlessOutlined();
          return;
        }
        setShown({ ...current, at: found.index });
      }
    } catch (error) {
      setMessage({ key: from.key, text: outlineFailure(error, hostOf(stored)) });
    } finally {
      stepping.current = false;
      wanted.current = null;
    }
  };

  /** Focuses the next (1) or previous (-1) finding of the outline on now, in the page; quick presses each count. */
  const step = (direction: 1 | -1) => {
    const now = shownNow.current;
    if (!now || busy) return;
    const to = steppedFinding(stepping.current ? wanted.current : (now.at ?? null), now.result.found, direction);
    if (to === null) return;
    wanted.current = to;
    if (!stepping.current) void focusWanted(now);
  };

  return { tab, shown, busy, message, toggle, step };
}

const hostOf = (stored: string | null) => (stored ? (stored.split(/[/?#]/)[0] ?? stored) : '');

const refused = (host: string) => t('showOnPageRefused', { host });

/** Has the background hold what a click added; when it cannot be told, the permissions go back at once. */
async function holdForThisView(origins: string[]): Promise<void> {
  try {
    await sendToBackground('holdSitePermission', { origins });
  } catch (error) {
    await browser.permissions.remove({ origins }).catch(() => false);
    throw error;
  }
}
