import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { ApiErrorData } from '@/lib/api/errors';
import type { ListedReport, SettingsView } from '@/lib/protocol';
import { errorData } from '@/lib/pages/error-view';
import { onStateChanged, sendForService, sendToBackground } from '@/lib/pages/send-to-background';
import { checkReportable } from '@/lib/shared/page-address';

/** What the panel shows for the page in front: its latest report, or why there is none. */
export type PanelPage =
  | { phase: 'loading' }
  /** The page cannot be reported (the browser's own pages, files): `reason` in words. */
  | { phase: 'unsupported'; reason: string }
  | { phase: 'failed'; error: ApiErrorData }
  | { phase: 'ready'; url: string; settings: SettingsView; latest: ListedReport | null; running: boolean; createError: ApiErrorData | null };

/**
 * The page's state, asked of the background as the popup asks it, read again when the address
 * changes, and "Report this page" through the background's one report job for the address.
 * With `popupWindow`, the state is asked as that window's panel beside the page, naming no service: the
 * background reads it from the service of the page that opened the panel, else the one that window's
 * popup reports to, and names it for what follows.
 */
export function usePanelPage(address: string | null, popupWindow?: number) {
  const [page, setPage] = useState<PanelPage>({ phase: 'loading' });
  /** The address the answers are for: an answer for a page left since is dropped. */
  const current = useRef<string | null>(null);
  /** How many reads were asked: an answer to one older than the last, for the same page, is dropped too. */
  const asked = useRef(0);

  const load = useCallback(
    async (url: string) => {
      const read = ++asked.current;
      const wanted = () => current.current === url && asked.current === read;
      try {
        // Following a window, no service is named (null); else the one this page names.
        const state = await sendToBackground(
          'getPageState',
          popupWindow === undefined ? { url } : { url, windowId: popupWindow, beside: true },
          popupWindow === undefined ? undefined : null,
        );
        if (!wanted()) return;
        // The report made, followed and framed from here is on the service the state was read from.
        if (popupWindow !== undefined) sendForService(state.settings.popupServices?.named);
        const running = state.job?.state === 'running';
        const latest = state.job?.state === 'done' ? state.job.report : (state.reports[0] ?? null);
        const createError = state.job?.state === 'failed' ? state.job.error : null;
        setPage({ phase: 'ready', url, settings: state.settings, latest, running, createError });
        if (running) {
          await sendToBackground('waitForJob', { url }).catch(() => null);
          if (wanted()) await load(url);
        }
      } catch (error) {
        if (wanted()) setPage({ phase: 'failed', error: errorData(error) });
      }
    },
    [popupWindow],
  );

  useEffect(() => {
    const check = checkReportable(address);
    current.current = check.ok ? check.url : null;
    if (!check.ok) return setPage({ phase: 'unsupported', reason: check.reason });
    setPage({ phase: 'loading' });
    void load(check.url);
  }, [address, load]);

  // A connection saved or access granted elsewhere changes what the panel can show; so does another service chosen
  // in the popup the panel follows, or asked by a page that opens the panel.
  useEffect(
    () =>
      onStateChanged((change) => {
        const follows = change === 'connection' || change === 'permission' || (change === 'popupService' && popupWindow !== undefined);
        if (follows && current.current) void load(current.current);
      }),
    [load, popupWindow],
  );

  const retry = () => {
    if (!current.current) return;
    setPage({ phase: 'loading' });
    void load(current.current);
  };

  /** "Report this page", with the default privacy (Private when the default is Password, as the menu does). */
  const create = async () => {
    if (page.phase !== 'ready' || page.running) return;
    const { url, settings } = page;
    const privacy = settings.preferences.defaultPrivacy === 2 ? 1 : settings.preferences.defaultPrivacy;
    setPage({ ...page, running: true, createError: null });
    try {
      await sendToBackground('createReport', { url, privacy });
    } catch (error) {
      if (current.current === url) setPage((now) => (now.phase === 'ready' ? { ...now, running: false, createError: errorData(error) } : now));
      return;
    }
    if (current.current === url) await load(url);
  };

  return { page, retry, create };
}
