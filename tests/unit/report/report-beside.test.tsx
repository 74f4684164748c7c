import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ReportBeside } from '@/components/report/ReportBeside';
import { PageActions } from '@/components/popup/PageActions';
import { sendForService } from '@/lib/pages/send-to-background';
import { renderInto } from './dom';

/**
 * "Open beside the page" from a page on a service (the report view, the popup): the background hears which service and
 * window, in the click's own turn with the panel's opening, so the panel opens on that service, not only on the popup's.
 */

const SERVICE = '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc';
let calls: unknown[];

beforeEach(() => {
  fakeBrowser.reset();
  calls = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation((async (message: unknown) => {
    calls.push(message);
    return { ok: true, value: null };
  }) as never);
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 5 } as never);
  Object.assign(fakeBrowser, {
    sidePanel: {
      open: vi.fn(async (place: unknown) => {
        calls.push({ opened: place });
      }),
    },
  });
});
afterEach(() => {
  sendForService(undefined);
  Reflect.deleteProperty(fakeBrowser, 'sidePanel');
  vi.restoreAllMocks();
});

/** The view drawn in its own tab, not framed in the panel, once it knows its window. */
async function reportBeside(tabId?: number) {
  const drawn = renderInto(<ReportBeside tabId={tabId} />);
  Object.assign(window, { top: window });
  await vi.waitFor(() => expect(drawn.root.querySelector('[data-action="open-beside"]')).not.toBeNull());
  return drawn;
}

const click = (root: HTMLElement, selector: string) => (root.querySelector(selector) as HTMLButtonElement).click();

describe('"Open beside the page" in the report view', () => {
  it('on a named service: the background hears that service for this window, in the click’s turn, then the panel opens', async () => {
    sendForService(SERVICE);
    const { root } = await reportBeside();
    click(root, '[data-action="open-beside"]');
    // Nothing awaited between: both asked in the click itself.
    expect(calls).toEqual([{ type: 'openedBeside', payload: { windowId: 5 }, service: SERVICE }, { opened: { windowId: 5 } }]);
  });

  it('on the default service: no service is named, so the panel is on the default', async () => {
    const { root } = await reportBeside();
    click(root, '[data-action="open-beside"]');
    expect(calls).toEqual([{ type: 'openedBeside', payload: { windowId: 5 } }, { opened: { windowId: 5 } }]);
  });
});

describe('"Open beside the page" in the popup', () => {
  it('names the popup’s service for its window, and opens the panel on its tab', async () => {
    sendForService(SERVICE);
    // No other tab to report with it.
    vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([] as never);
    const { root } = renderInto(<PageActions address="https://example.com/" latest={null} baseUrl="" tabId={9} windowId={5} privacy={undefined} />);
    const close = vi.fn();
    Object.assign(window, { close });
    calls.length = 0;
    const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Open beside the page')!;
    button.click();
    expect(calls).toEqual([{ type: 'openedBeside', payload: { windowId: 5 }, service: SERVICE }, { opened: { tabId: 9 } }]);
    // Opened, the popup closes.
    await vi.waitFor(() => expect(close).toHaveBeenCalled());
  });
});
