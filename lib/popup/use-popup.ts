import { useCallback, useLayoutEffect, useReducer, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { Job, PopupTab } from '@/lib/protocol';
import { keptFor, readKeptForPopup, type KeptForPopup, type KeptItems } from '@/lib/shared/kept-for-popup';
import { sendForService, sendToBackground } from '@/lib/pages/send-to-background';
import { checkReportable, popupTab } from '@/lib/shared/page-address';
import type { Privacy } from '@/lib/shared/privacy';
import { errorData } from '@/lib/pages/error-view';
import { holdLaterParts } from '@/lib/pages/lazy-component';
import { initialPopupState, popupReducer } from '@/lib/popup/popup-state';

/** Failures that change what the popup must ask for first (connect, grant access): the page state is read again. */
const NEEDS_RELOAD = new Set(['not-connected', 'permission-missing']);

const NOTHING_KEPT: KeptForPopup = { cached: null, privacyDraft: null };

/**
 * The popup's first questions, asked as the script starts, of the browser rather than the worker, which may be
 * asleep: the tab it opened over, and what the last popup on that page showed (lib/shared/kept-for-popup.ts).
 */
export function askPopupStart(): PopupStart {
  const kept = readKeptForPopup();
  kept.catch(() => undefined); // heard where it is used
  const tab = browser.tabs.query({ active: true, currentWindow: true }).then(([found]) => popupTab(found));
  return { tab, kept };
}

export interface PopupStart {
  tab: Promise<PopupTab>;
  kept: Promise<KeptItems>;
}

/**
 * Everything the popup does: find the tab, read the page state, follow and start the report job.
 * `asked`: the first `askPopupStart()`, if asked already.
 */
export function usePopup(asked: PopupStart | null = null) {
  const first = useRef(asked);
  const [state, dispatch] = useReducer(popupReducer, initialPopupState);
  const [chosenPrivacy, setChosenPrivacy] = useState<Privacy | null>(null);
  // The report view opened from here outlines findings in this tab ("Show on page").
  const [tabId, setTabId] = useState<number | undefined>(undefined);
  // The panel beside the page opened from here tells the background it is on this popup's service, in this window.
  const [windowId, setWindowId] = useState<number | undefined>(undefined);
  // In memory only, for a retry after a failure in this same popup: never stored.
  const [password, setPassword] = useState('');

  const follow = useCallback(async (url: string, startedAt: number) => {
    try {
      dispatch({ type: 'settled', job: await sendToBackground('waitForJob', { url }) });
    } catch (error) {
      dispatch({ type: 'settled', job: { url, state: 'failed', startedAt, error: errorData(error) } });
    }
  }, []);

  /** `asked`: the page's state, if asked already. */
  const load = useCallback(
    async (url: string, asked = sendToBackground('getPageState', { url })) => {
      try {
        const page = await asked;
        // Every later message is for the service this window's popup reports to.
        sendForService(page.settings.popupServices?.named);
        dispatch({ type: 'loaded', page });
        if (page.job?.state === 'running') void follow(url, page.job.startedAt);
      } catch (error) {
        dispatch({ type: 'loadFailed', error: errorData(error) });
      }
    },
    [follow],
  );

  const drawKept = useCallback(({ cached, privacyDraft }: KeptForPopup) => {
    if (privacyDraft !== null) setChosenPrivacy(privacyDraft);
    if (!cached) return;
    // A report asked for before the worker answers goes to the service the kept page was read for.
    sendForService(cached.settings.popupServices?.named);
    dispatch({ type: 'cached', page: cached });
  }, []);

  /**
   * From the start: the tab's address (it may show only now: a permission just granted lets the extension see its
   * site), then at once the page's state asked of the background, and what the last popup on the page showed drawn
   * meanwhile. Where nothing can be reported, a newcomer should learn first that the extension needs connecting.
   */
  const start = useCallback(() => {
    const { tab, kept } = first.current ?? askPopupStart();
    first.current = null;
    void tab.then(
      (tab) => {
        setTabId(tab.id);
        setWindowId(tab.windowId);
        const check = checkReportable(tab.url);
        if (check.ok) {
          // For the service this window's popup reports to: none is named.
          const asked = sendToBackground('getPageState', { url: check.url, windowId: tab.windowId }, null);
          asked.catch(() => undefined); // heard by load
          // What the popup shows beyond the page's state loads once it is answered.
          holdLaterParts(asked);
          // The address and what was kept land together: no frame shows the address without the page's reports.
          void kept
            .then(
              (items) => keptFor(items, check.url, tab.windowId),
              () => NOTHING_KEPT,
            )
            .then((found) => {
              dispatch({ type: 'tab', url: tab.url, found: tab.found });
              drawKept(found);
              return load(check.url, asked);
            });
          return;
        }
        dispatch({ type: 'tab', url: tab.url, found: tab.found });
        void sendToBackground('getSettings', {}).then(
          (settings) => dispatch({ type: 'settings', settings }),
          () => undefined,
        );
      },
      () => dispatch({ type: 'tab', url: undefined, found: false }),
    );
  }, [load, drawKept]);

  // Before the first paint, not after it: the address and the cache are read a frame sooner.
  useLayoutEffect(start, [start]);

  const address = state.phase === 'starting' ? null : state.address;
  const privacy: Privacy = chosenPrivacy ?? (state.phase === 'ready' ? state.settings.preferences.defaultPrivacy : 1);

  const choosePrivacy = (next: Privacy) => {
    setChosenPrivacy(next);
    if (address) void sendToBackground('savePrivacyDraft', { url: address, privacy: next }).catch(() => undefined);
  };

  const create = async () => {
    if (state.phase !== 'ready') return;
    const url = state.address;
    const startedAt = Date.now();
    dispatch({ type: 'started', privacy, startedAt });
    let job: Job;
    try {
      const report = await sendToBackground('createReport', { url, privacy, ...(privacy === 2 ? { password } : {}) });
      job = { url, state: 'done', startedAt, report };
      setPassword('');
      void sendToBackground('savePrivacyDraft', { url, privacy: null }).catch(() => undefined);
    } catch (error) {
      job = { url, state: 'failed', startedAt, error: errorData(error) };
    }
    dispatch({ type: 'settled', job });
    if (job.state === 'failed' && NEEDS_RELOAD.has(job.error.kind)) void load(url);
  };

  /** The service is away: the report waits in the background's queue instead (never with a password). */
  const queue = async () => {
    if (state.phase !== 'ready' || state.job?.state !== 'failed' || privacy === 2) return;
    const { url, startedAt } = state.job;
    try {
      const entry = await sendToBackground('queueReport', { url, privacy, sentAt: startedAt, offline: !navigator.onLine });
      dispatch({ type: 'queued', entry });
      void sendToBackground('dismissJob', { url }).catch(() => undefined);
    } catch (error) {
      dispatch({ type: 'settled', job: { url, state: 'failed', startedAt, error: errorData(error) } });
    }
  };

  const cancelQueued = async () => {
    if (state.phase !== 'ready' || !state.queued) return;
    await sendToBackground('cancelQueued', { url: state.address }).catch(() => undefined);
    dispatch({ type: 'queued', entry: null });
  };

  const dismiss = () => {
    dispatch({ type: 'dismissed' });
    if (address) void sendToBackground('dismissJob', { url: address }).catch(() => undefined);
  };

  return { state, tabId, windowId, privacy, choosePrivacy, password, setPassword, create, dismiss, queue, cancelQueued, restart: start };
}
