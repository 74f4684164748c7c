import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import type { CachedPage, PageState } from '@/lib/protocol';
import { askPopupStart, usePopup } from '@/lib/popup/use-popup';
import { POPUP_PAGES_ITEM, POPUP_SERVICE_ITEM, PRIVACY_DRAFT_ITEM } from '@/lib/shared/kept-for-popup';
import { sendForService } from '@/lib/pages/send-to-background';
import { LATER_PARTS_HOLD_MS, laterPartsMayLoad } from '@/lib/pages/lazy-component';
import type * as AfterPaint from '@/lib/pages/after-paint';
import { connectedSettings } from '../support/settings';

// The page's first frame is taken as shown: linkedom paints none.
vi.mock('@/lib/pages/after-paint', async (original) => ({
  ...(await original<typeof AfterPaint>()),
  firstFrameShown: () => Promise.resolve(),
}));

/** The popup's opening: what it reads itself, and the messages the background gets, in order. */
const PAGE = 'https://example.com/blog';
const settings = connectedSettings();
const report = { id: 3, url: 'example.com/blog', project: 'example.com', score: 70, label: 'decent', privacy: 0, hasPassword: false } as const;
const listed = { ...report, generatedAt: '2026-03-01T12:00:00.000Z', createdAt: null, updatedAt: null, checks: null, summary: null };
const cachedPage: CachedPage = { url: PAGE, settings, reports: [listed], at: 1 };
const pageState: PageState = { settings, job: null, reports: [listed], reportsError: null, queued: null };

let messages: { type: string; payload: Record<string, unknown>; service?: string }[];
/** The page state's answer, held until released, as from a worker still starting. */
let release: () => void;

beforeEach(async () => {
  fakeBrowser.reset();
  messages = [];
  const held = new Promise<void>((resolve) => (release = resolve));
  fakeBrowser.runtime.onMessage.addListener((message: { type: string; payload: Record<string, unknown> }, _sender, sendResponse) => {
    messages.push(message);
    const { type } = message;
    if (type === 'getPageState') void held.then(() => sendResponse({ ok: true, value: pageState }));
    else sendResponse({ ok: false, error: { kind: 'extension', message: `unexpected ${type}` } });
    return true;
  });
  const window = await fakeBrowser.windows.create({ focused: true });
  await fakeBrowser.tabs.create({ url: PAGE, active: true, windowId: window!.id });
});

type Seen = ReturnType<typeof usePopup>;
function open(asked: ReturnType<typeof askPopupStart> | null = null) {
  const seen: Seen[] = [];
  function Probe() {
    seen.push(usePopup(asked));
    return null;
  }
  const { document } = parseHTML('<!doctype html><html><body><div id="app"></div></body></html>');
  render(<Probe />, document.getElementById('app') as unknown as HTMLElement);
  return seen;
}

/** The service's answer is drawn. */
const answered = (seen: Seen[]) => {
  const state = seen.at(-1)?.state;
  return state?.phase === 'ready' && state.fresh;
};
const phases = (seen: Seen[]) => [...new Set(seen.map((s) => s.state.phase + (s.state.phase === 'ready' && !s.state.fresh ? ' (cached)' : '')))];
const keep = () => fakeBrowser.storage.session.set({ [POPUP_PAGES_ITEM]: [cachedPage], [PRIVACY_DRAFT_ITEM]: { url: PAGE, privacy: 2 } });

describe('the popup’s opening', () => {
  it('draws what the last popup kept before the background answers, then asks it once for the page', async () => {
    await keep();
    const seen = open();
    // The worker has not answered: the kept page and the privacy chosen there are drawn all the same.
    await expect.poll(() => phases(seen)).toEqual(['starting', 'ready (cached)']);
    expect(seen.at(-1)).toMatchObject({ privacy: 2, tabId: expect.any(Number) });
    release();
    await expect.poll(() => answered(seen)).toBe(true);
    expect(messages).toEqual([{ type: 'getPageState', payload: { url: PAGE, windowId: expect.any(Number) } }]);
    // The address and the kept reports land together: no frame shows the address without them.
    expect(phases(seen)).toEqual(['starting', 'ready (cached)', 'ready']);
  });

  it('with nothing kept, shows the address while the background answers', async () => {
    const seen = open();
    await expect.poll(() => phases(seen)).toEqual(['starting', 'loading']);
    release();
    await expect.poll(() => answered(seen)).toBe(true);
    expect(seen.at(-1)?.state).toMatchObject({ address: PAGE, reports: [{ id: 3 }] });
  });

  it('loads what it shows beyond the page’s state only once the background has answered', async () => {
    await keep();
    const seen = open();
    await expect.poll(() => phases(seen)).toEqual(['starting', 'ready (cached)']);
    let mayLoad = false;
    void laterPartsMayLoad().then(() => (mayLoad = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The kept page is drawn and its first frame shown, but the worker is still working out the page's state.
    expect(mayLoad).toBe(false);
    release();
    // Well before the hold's time is up.
    await expect.poll(() => mayLoad, { timeout: LATER_PARTS_HOLD_MS / 2, interval: 5 }).toBe(true);
  });

  it('uses the questions asked before the popup was drawn, and asks no second time', async () => {
    await keep();
    const asked = askPopupStart();
    const seen = open(asked);
    release();
    await expect.poll(() => answered(seen)).toBe(true);
    expect(messages.map((m) => m.type)).toEqual(['getPageState']);
  });
});

describe('the popup’s opening with several services', () => {
  const services = (chosen: string) => ({
    list: [
      { id: 'agency', name: 'Agency' },
      { id: 'client', name: 'Client' },
    ],
    chosen,
    ...(chosen === 'agency' ? {} : { named: chosen }),
  });
  const clientPage: CachedPage = { ...cachedPage, settings: connectedSettings({ popupServices: services('client') }) };
  const agencyPage: CachedPage = { ...cachedPage, reports: [], settings: connectedSettings({ popupServices: services('agency') }) };
  const windowOfTab = async () => (await fakeBrowser.tabs.query({ active: true, currentWindow: true }))[0]!.windowId;
  beforeEach(() => sendForService(undefined));

  it('draws nothing kept for another service than its window’s', async () => {
    await fakeBrowser.storage.session.set({ [POPUP_PAGES_ITEM]: [clientPage] });
    const seen = open();
    await expect.poll(() => phases(seen)).toEqual(['starting', 'loading']);
    release();
    await expect.poll(() => answered(seen)).toBe(true);
  });

  it('draws the copy kept for the service its window chose, and a report asked meanwhile goes to that service', async () => {
    await fakeBrowser.storage.session.set({
      [POPUP_PAGES_ITEM]: [agencyPage, clientPage],
      [POPUP_SERVICE_ITEM]: { [await windowOfTab()]: 'client' },
    });
    const seen = open();
    await expect.poll(() => phases(seen)).toEqual(['starting', 'ready (cached)']);
    const state = seen.at(-1)!.state;
    expect(state.phase === 'ready' && state.settings.popupServices?.chosen).toBe('client');
    expect(state.phase === 'ready' && state.reports.map((r) => r.id)).toEqual([3]);
    await seen.at(-1)!.create();
    expect(messages.find((m) => m.type === 'createReport')).toMatchObject({ service: 'client' });
  });
});
