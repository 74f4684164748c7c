/**
 * The audit beside the page in Firefox's sidebar, on the Firefox build against the local report
 * service: the sidebar page loads beside a tab and shows that tab's latest report (the report
 * view, framed), lays it out at 320 px, and follows a switch to a tab without one, where it offers "Report this page";
 * it shows the service of its window's popup, or of the report view that opened it.
 * Firefox's sidebar is not a puppeteer target: it is opened in Firefox's own window and read
 * from an extension tab through `extension.getViews({ type: 'sidebar' })`.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { sendFrom } from '../e2e/support/pages/settings-file.ts';
import { addSecondService } from '../e2e/support/second-service.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const KEY = 'e2e-firefox-side-panel-key-8e41a2';

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let reportedId: number;

/** What the sidebar shows now: the report framed (its id and words) or its own words. */
async function sidebarShows(host: Page): Promise<{ id: number | null; text: string } | null> {
  return host.evaluate(() => {
    // Firefox's own view type, missing from Chrome's types.
    const getViews = browser.extension.getViews as (filter: { type: string }) => Array<{ document: Document }>;
    const [view] = getViews({ type: 'sidebar' });
    if (!view) return null;
    const frame = view.document.querySelector<HTMLIFrameElement>('.panel__report');
    if (!frame) return { id: null, text: view.document.querySelector('.panel')?.textContent ?? '' };
    const ready = frame.contentDocument?.querySelector('main.report[data-state="ready"]');
    return ready ? { id: Number(new URL(frame.src).searchParams.get('id')), text: ready.textContent ?? '' } : null;
  });
}

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY }] });
  // On 127.0.0.1, the service's host: the permission the connection asks for lets the sidebar read these tabs' addresses.
  site = await startPageServer({
    '/reported': { body: pageHtml({ title: 'Reported page' }) },
    '/fresh': { body: pageHtml({ title: 'Fresh page' }) },
  });
  ext = await launchFirefoxExtension();
  const options = await ext.openOptions();
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  const made = (await options.evaluate(
    (url) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: 1 } }),
    site.url('/reported'),
  )) as { ok: boolean; value: { id: number } };
  expect(made.ok).toBe(true);
  reportedId = made.value.id;
  await options.close();
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe("Firefox's sidebar", { timeout: 60_000 }, () => {
  it("loads beside a tab and shows that tab's latest report", async () => {
    const host = await ext.host();
    const tab = await ext.newTab(site.url('/reported'));
    await tab.bringToFront();
    await ext.chrome.run((c, id) => {
      const widget = id.toLowerCase().replace(/[^a-z0-9_-]/g, '_');
      const sidebar = (c.window as unknown as { SidebarController: { show(id: string): Promise<void> } }).SidebarController;
      return sidebar.show(`${widget}-sidebar-action`);
    }, ext.id);
    const shown = await waitUntil('the report in the sidebar', async () => {
      const now = await sidebarShows(host);
      return now?.id ? now : null;
    });
    expect(shown.id).toBe(reportedId);
    expect(shown.text).toContain('/reported');
  });

  it('lays the report out at 320 px: nothing wider than the sidebar, and no empty band under the actions', async () => {
    const host = await ext.host();
    await ext.chrome.run((c) => {
      const box = c.document.getElementById('sidebar-box');
      if (!box) throw new Error('No sidebar box in this Firefox');
      box.style.width = '320px';
    });
    const laidOut = await waitUntil('the report laid out at the sidebar width', () =>
      host.evaluate(() => {
        const getViews = browser.extension.getViews as (filter: { type: string }) => Array<{ document: Document }>;
        const doc = getViews({ type: 'sidebar' })[0]?.document.querySelector<HTMLIFrameElement>('.panel__report')?.contentDocument;
        const root = doc?.documentElement;
        if (!doc || !root || !doc.querySelector('main.report[data-state="ready"]') || root.clientWidth > 320) return null;
        const button = (words: string) => [...doc.querySelectorAll('main.report button')].find((b) => b.textContent?.trim() === words);
        const download = button('Download JSON')?.getBoundingClientRect();
        const keys = button('Keyboard keys')?.getBoundingClientRect();
        return {
          client: root.clientWidth,
          overflow: root.scrollWidth - root.clientWidth,
          wider: [...doc.querySelectorAll('main.report *')]
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
            .map((el) => el.outerHTML.slice(0, 80)),
          gap: download && keys ? Math.round(keys.top - download.bottom) : null,
        };
      }),
    );
    expect(laidOut.client).toBeGreaterThan(250);
    expect(laidOut).toMatchObject({ overflow: 0, wider: [] });
    expect(laidOut.gap).toBeGreaterThanOrEqual(0);
    expect(laidOut.gap).toBeLessThan(32);
  });

  it('follows a switch to a tab without a report and offers "Report this page"', async () => {
    const host = await ext.host();
    const tab = await ext.newTab(site.url('/fresh'));
    await tab.bringToFront();
    const shown = await waitUntil('the sidebar on the new tab', async () => {
      const now = await sidebarShows(host);
      return now && now.id === null && now.text.includes('This page has no report yet.') ? now : null;
    });
    expect(shown.text).toContain('Report this page');
  });

  it('shows the service chosen in its window’s popup, follows a switch made there, and one asked by a report view', async () => {
    const host = await ext.host();
    const options = await ext.openOptions();
    const second = await addSecondService(options, site.url('/reported'), 'e2e-firefox-side-panel-second-key-51c0d');
    try {
      const tab = await ext.newTab(site.url('/reported'));
      await tab.bringToFront();
      await waitUntil('the default service’s report in the sidebar', async () => (await sidebarShows(host))?.id === reportedId);
      // The sidebar's own window, as it reads it.
      const windowId = await host.evaluate(() => {
        const getViews = browser.extension.getViews as (filter: { type: string }) => Array<{ browser: typeof browser }>;
        return getViews({ type: 'sidebar' })[0]!
          .browser.windows.getCurrent()
          .then((window: { id?: number }) => window.id!);
      });

      // As the popup's service switch in that window does.
      await sendFrom(options, 'choosePopupService', { windowId, service: second.id });
      await waitUntil('the chosen service’s report in the sidebar', async () => (await sidebarShows(host))?.id === second.report.id);
      expect(second.service.requestLog.some((r) => r.path.startsWith(`/api/v1/reports/${second.report.id}`))).toBe(true);

      await sendFrom(options, 'choosePopupService', { windowId, service: second.defaultId });
      await waitUntil('the default service’s report again', async () => (await sidebarShows(host))?.id === reportedId);

      // As "Open beside the page" in a report view on the second service tells it, the sidebar open already: it shows
      // that service; told so from a report view on the default, the default again.
      await sendFrom(options, 'openedBeside', { windowId }, second.id);
      await waitUntil('the report view’s service in the sidebar', async () => (await sidebarShows(host))?.id === second.report.id);
      await sendFrom(options, 'openedBeside', { windowId });
      await waitUntil('the default service’s report once more', async () => (await sidebarShows(host))?.id === reportedId);
      await options.close();
    } finally {
      await second.service.close();
    }
  });
});
