import { TimeoutError, type Browser, type Page, type Target } from 'puppeteer-core';
import type { ChromeGlobals } from './chrome-globals.ts';
import type { ChromeScope } from './chrome-scope.ts';

/**
 * Tabs with the extension's own pages. Over BiDi, `page.goto('moz-extension://…')` never
 * settles, a moz-extension target keeps `about:blank` as its URL, and a tab that Firefox's own
 * code opens is now and then never reported (it is created before it has an id to report).
 */
export interface ExtensionTabs {
  /** `url` in a new tab, selected or behind the others. */
  open(url: string, select: boolean): Promise<Page>;
  /** Runs `action` and answers the tab at `url` it opened. */
  openedBy(url: string, action: () => Promise<void>): Promise<Page>;
}

export function extensionTabs(firefox: Browser, chrome: ChromeScope): ExtensionTabs {
  let opened = 0;

  /** puppeteer opens the tab, so it knows it; Firefox's own code loads the page into it. */
  async function open(url: string, select: boolean): Promise<Page> {
    const page = await firefox.newPage({ background: !select });
    const marker = `about:blank#site-report-e2e-${++opened}`;
    await page.goto(marker);
    await chrome.run(
      (c, blank, address, selected) => {
        const tab = c.gBrowser.tabs.find((t) => t.linkedBrowser.currentURI.spec === blank);
        if (!tab) throw new Error(`No tab at ${blank}`);
        // A tab behind the others is neither painted nor given animation frames (puppeteer's clicks wait for two);
        // this one is, as the toolbar popup would be.
        if (!selected) {
          tab.linkedBrowser.renderLayers = true;
          tab.linkedBrowser.docShellIsActive = true;
        }
        tab.linkedBrowser.fixupAndLoadURIString(address, { triggeringPrincipal: c.Services.scriptSecurityManager.getSystemPrincipal() });
      },
      marker,
      url,
      select,
    );
    await showing(page, url);
    return page;
  }

  /** A tab BiDi never reported, seen opened in Firefox's window, is opened again where puppeteer sees it. */
  async function openedBy(url: string, action: () => Promise<void>): Promise<Page> {
    const tabsAt = (c: ChromeGlobals, address: string) => c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === address).length;
    const before = await chrome.run(tabsAt, url);
    const known = new Set(firefox.targets());
    const created = firefox.waitForTarget((t: Target) => t.type() === 'page' && !known.has(t), { timeout: 10_000 }).catch(() => null);
    await action();
    await chrome.waitFor(
      `a new tab at ${url}`,
      (c, address: string, count: number) => c.gBrowser.tabs.filter((t) => t.linkedBrowser.currentURI.spec === address).length > count,
      [url, before],
    );
    // Once the tab is there, BiDi's word of it follows at once, or never.
    const target = await Promise.race([created, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000))]);
    if (target) {
      const page = await target.asPage();
      await showing(page, url);
      return page;
    }
    await chrome.run((c, address) => {
      const tab = c.gBrowser.tabs.findLast((t) => t.linkedBrowser.currentURI.spec === address);
      if (tab) c.gBrowser.removeTab(tab);
    }, url);
    return open(url, true);
  }

  return { open, openedBy };
}

/**
 * Waits until `page` shows `url`, loaded: the page itself knows its address better than its target. While the tab
 * leaves about:blank, Firefox's remote agent can fail a poll itself (its realm gone under the evaluation): that is no
 * answer, so the wait goes on until its 10 s are up.
 */
async function showing(page: Page, url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await page.waitForFunction(
        (wanted) => location.href === wanted && document.readyState === 'complete',
        {
          timeout: Math.max(1, deadline - Date.now()),
          polling: 50,
        },
        url,
      );
      return;
    } catch (error: unknown) {
      if (!(error instanceof TimeoutError) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const shown = await page.evaluate(() => `${location.href} (${document.readyState})`).catch(String);
      throw new Error(`The tab did not show ${url} within 10 s: ${shown}`, { cause: error });
    }
  }
}
