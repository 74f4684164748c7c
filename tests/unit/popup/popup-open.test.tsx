import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseHTML } from 'linkedom';
import { render } from 'preact';
import type { CachedPage, PageState } from '@/lib/protocol';
import { askPopupStart, usePopup } from '@/lib/popup/use-popup';
import { connectedSettings } from '../support/settings';

/** The popup's opening as the background sees it: the messages it gets, in order. */
const PAGE = 'https://example.com/blog';
const settings = connectedSettings();
const report = { id: 3, url: 'example.com/blog', project: 'example.com', score: 70, label: 'decent', privacy: 0, hasPassword: false } as const;
const listed = { ...report, generatedAt: '2026-03-01T12:00:00.000Z', createdAt: null, updatedAt: null, checks: null, summary: null };
const cachedPage: CachedPage = { url: PAGE, settings, reports: [listed], at: 1 };
const pageState: PageState = { settings, job: null, reports: [listed], reportsError: null, queued: null };

let messages: { type: string; payload: Record<string, unknown> }[];
let failStart: boolean;

beforeEach(() => {
  fakeBrowser.reset();
  messages = [];
  failStart = false;
  fakeBrowser.runtime.onMessage.addListener((message: { type: string; payload: Record<string, unknown> }, _sender, sendResponse) => {
    messages.push(message);
    const { type, payload } = message;
    if (type === 'getPopupStart' && failStart && !payload.url) {
      sendResponse({ ok: false, error: { kind: 'extension', message: 'The background failed.' } });
    } else if (type === 'getPopupStart') {
      const tab = payload.url ? null : { found: true, id: 7, url: PAGE };
      sendResponse({ ok: true, value: { tab, cached: cachedPage, privacyDraft: 2 } });
    } else if (type === 'getPageState') {
      sendResponse({ ok: true, value: pageState });
    } else sendResponse({ ok: false, error: { kind: 'extension', message: `unexpected ${type}` } });
    return true;
  });
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

describe('the popup’s opening', () => {
  it('asks the background once, without naming a page: the tab, the cached page and the draft come back in one answer', async () => {
    const seen = open();
    await expect.poll(() => answered(seen)).toBe(true);
    expect(messages).toEqual([
      { type: 'getPopupStart', payload: {} },
      { type: 'getPageState', payload: { url: PAGE } },
    ]);
    // The address and the cached reports land together: no frame shows the address without them.
    expect(phases(seen)).toEqual(['starting', 'ready (cached)', 'ready']);
    expect(seen.at(-1)).toMatchObject({ tabId: 7, privacy: 2 });
  });

  it('uses the answer asked for before the popup was drawn, and asks no second time', async () => {
    const asked = askPopupStart();
    const seen = open(asked);
    await expect.poll(() => answered(seen)).toBe(true);
    expect(messages.map((m) => m.type)).toEqual(['getPopupStart', 'getPageState']);
  });

  it('finds its tab itself when that message fails, and names the page to the background', async () => {
    failStart = true;
    const front = await fakeBrowser.windows.create({ focused: true });
    await fakeBrowser.tabs.create({ url: PAGE, active: true, windowId: front!.id });
    const seen = open();
    await expect.poll(() => answered(seen)).toBe(true);
    expect(messages.map((m) => [m.type, m.payload.url])).toEqual([
      ['getPopupStart', undefined],
      ['getPopupStart', PAGE],
      ['getPageState', PAGE],
    ]);
    expect(seen.at(-1)?.state).toMatchObject({ address: PAGE, reports: [{ id: 3 }] });
  });
});
