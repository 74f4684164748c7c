/**
 * The audit beside the page, in Chromium's real side panel on the production build, against the
 * local report service: opened from the popup's button (a real click, the gesture Chrome asks
 * for), it shows the front tab's latest report, follows a switch to another tab, offers "Report
 * this page" where there is none and shows the report it makes, and fits a panel 400 and 320 px wide.
 * Opened, its heading takes the focus; following a tab, nothing does. Opened from a report view, it
 * shows the report's service, open already or not.
 */
import type { Frame, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser';
import { sendFrom } from './support/pages/settings-file';
import { addSecondService } from './support/second-service';
import { waitUntil } from './support/stand-ins';
import { serveTestPages, type TestPages } from './support/test-pages';

const KEY = 'e2e-side-panel-key-5c21d07';
const PAGE = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><meta name="description" content="${title} page"></head><body><h1>${title}</h1><img src="/x.png"></body></html>`;

let service: RunningService;
let site: TestPages;
let ext: ExtensionBrowser;
let reported: Page;
let fresh: Page;
let panel: Page;
let reportedId: number;

/** The report view framed in the panel, once it shows a report. */
async function framedReport(): Promise<Frame> {
  return waitUntil('the report framed in the panel', async () => {
    const frame = panel.frames().find((f) => f.url().includes('/report.html?'));
    if (!frame) return null;
    const ready = await frame.$('main.report[data-state="ready"]').catch(() => null);
    return ready ? frame : null;
  });
}

const framedId = (frame: Frame) => Number(new URL(frame.url()).searchParams.get('id'));

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await serveTestPages({ '/reported': PAGE('Reported'), '/fresh': PAGE('Fresh') });
  ext = await launchExtensionBrowser();
  // The service and the pages share 127.0.0.1: the host permission lets the panel read both tabs' addresses.
  await ext.grantHostPermission('http://127.0.0.1/*');
  const options = await ext.openOptions();
  expect(
    await options.evaluate(
      (baseUrl, apiKey) => browser.runtime.sendMessage({ type: 'saveConnection', payload: { baseUrl, apiKey } }),
      service.baseUrl,
      KEY,
    ),
  ).toMatchObject({ ok: true });
  const made = (await options.evaluate(
    (url) => browser.runtime.sendMessage({ type: 'createReport', payload: { url, privacy: 1 } }),
    site.url('/reported'),
  )) as { ok: boolean; value: { id: number } };
  expect(made.ok).toBe(true);
  reportedId = made.value.id;
  await options.close();
  fresh = await ext.newTab(site.url('/fresh'));
  reported = await ext.newTab(site.url('/reported'));
}, 90_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

describe('the side panel', { timeout: 60_000 }, () => {
  it("opens from the popup's button and shows the front tab's latest report", async () => {
    const popup = await ext.openPopupOn(reported);
    const button = await popup.waitForSelector('::-p-text(Open beside the page)');
    const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().endsWith('/sidepanel.html'), { timeout: 10_000 });
    await button!.click();
    panel = (await (await opened).asPage())!;
    const frame = await framedReport();
    expect(framedId(frame)).toBe(reportedId);
    expect(await frame.$eval('main.report', (main) => main.textContent)).toContain('/reported');
    // Opened, the panel's heading has the focus; the report framed in it does not take it.
    await panel.waitForFunction(() => document.activeElement?.matches('h1.panel__title'), { timeout: 5_000 });
    expect(await frame.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  it('follows a switch to another tab, offers "Report this page" there, and shows the report it makes', async () => {
    await fresh.bringToFront();
    const report = await panel.waitForSelector('.panel__none button');
    expect(await panel.$eval('.panel__none', (none) => none.textContent)).toContain('This page has no report yet.');
    expect(panel.frames().some((f) => f.url().includes('/report.html?'))).toBe(false);
    await report!.click();
    const frame = await framedReport();
    expect(framedId(frame)).toBeGreaterThan(reportedId);
    expect(await frame.$eval('main.report', (main) => main.textContent)).toContain('/fresh');
  });

  it('comes back to the first report when its tab is in front again', async () => {
    await reported.bringToFront();
    await waitUntil('the first report again', async () => {
      const frame = await framedReport();
      return framedId(frame) === reportedId;
    });
    // Following a tab leaves the focus alone: the report framed anew does not take it.
    const frame = await framedReport();
    expect(await frame.evaluate(() => document.activeElement === document.body)).toBe(true);
  });

  it.each([400, 320])('fits a %i px wide panel: nothing wider than it, in the panel or the report, and no empty band', async (width) => {
    await panel.setViewport({ width, height: 700 });
    const frame = await framedReport();
    const widths = async (target: Page | Frame) =>
      target.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    await waitUntil('the frame laid out at the panel width', async () => (await widths(frame)).client <= width);
    for (const target of [panel, frame]) {
      const { scroll, client } = await widths(target);
      expect(client).toBeLessThanOrEqual(width);
      expect(scroll).toBeLessThanOrEqual(client);
    }
    // Every element of the report inside the panel's width, not only the page's scroll width.
    const wider = await frame.$$eval('main.report *', (els) =>
      els.filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(wider).toEqual([]);
    // The actions and the keys' button below them stay together: the report's own spacing between parts
    // (18 px and the buttons' 6 px) and no more, not an empty line kept for a message that is not there (44 px).
    const gap = await frame.evaluate(() => {
      const button = (words: string) => [...document.querySelectorAll('main.report button')].find((b) => b.textContent?.trim() === words);
      const download = button('Download JSON')!.getBoundingClientRect();
      const keys = button('Keyboard keys')!.getBoundingClientRect();
      return Math.round(keys.top - download.bottom);
    });
    await ext.screenshot(panel, `side-panel-${width}`);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(32);
  });

  it('is on the service its address names: it frames that service’s latest report, its address naming the service', async () => {
    const otherKey = 'e2e-side-panel-other-key-8a14e';
    const other = await startReportService({ accounts: [{ name: 'Cy', email: 'cy@client.example', apiKey: otherKey }] });
    try {
      // Reports of other pages first: the page's report on this service has an id the first service never gave it.
      other.seedReports(
        otherKey,
        [1, 2, 3].map((n) => ({ url: `https://elsewhere.example/${n}`, score: 50 })),
      );
      const [theirs] = other.seedReports(otherKey, [{ url: site.url('/reported'), score: 12 }]);
      const options = await ext.openOptions();
      const saved = (await options.evaluate(
        (baseUrl, apiKey) =>
          browser.runtime.sendMessage({ type: 'saveService', payload: { name: 'Client', baseUrl, apiKey, keyForSessionOnly: false } }),
        other.baseUrl,
        otherKey,
      )) as { ok: boolean; value: { view: { services: { id: string; name: string }[] } } };
      expect(saved.ok).toBe(true);
      const id = saved.value.view.services.find((service) => service.name === 'Client')!.id;
      await options.close();

      await reported.bringToFront();
      await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html?service=${id}`);
      const frame = await waitUntil('the other service’s report framed', async () => {
        const found = await framedReport();
        return framedId(found) === theirs!.id ? found : null;
      });
      expect(new URL(frame.url()).searchParams.get('service')).toBe(id);
      // The service's name line is drawn once its code is in, after the report's first frame.
      const line = await frame.waitForSelector('.report__service', { timeout: 10_000 });
      expect(await line!.evaluate((element) => element.textContent?.trim())).toBe('Service: Client');
      expect(other.requestLog.some((r) => r.path.startsWith(`/api/v1/reports/${theirs!.id}`))).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('with no service in its address, follows the service chosen in its window’s popup, and reads again when it changes', async () => {
    const options = await ext.openOptions();
    const second = await addSecondService(options, site.url('/reported'), 'e2e-side-panel-second-key-3f9b7');
    try {
      await reported.bringToFront();
      await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
      await waitUntil('the default service’s report framed', async () => framedId(await framedReport()) === reportedId);
      const windowId = await panel.evaluate(() => browser.windows.getCurrent().then((window) => window.id!));

      // As the popup's service switch in that window does.
      await sendFrom(options, 'choosePopupService', { windowId, service: second.id });
      const frame = await waitUntil('the chosen service’s report framed', async () => {
        const found = await framedReport();
        return framedId(found) === second.report.id ? found : null;
      });
      expect(new URL(frame.url()).searchParams.get('service')).toBe(second.id);
      expect(second.service.requestLog.some((r) => r.path.startsWith(`/api/v1/reports/${second.report.id}`))).toBe(true);

      await sendFrom(options, 'choosePopupService', { windowId, service: second.defaultId });
      const back = await waitUntil('the default service’s report again', async () => {
        const found = await framedReport();
        return framedId(found) === reportedId ? found : null;
      });
      expect(new URL(back.url()).searchParams.has('service')).toBe(false);
      await options.close();
    } finally {
      await second.service.close();
    }
  });

  it('opened beside from a report view on another service, shows that service, whether open already or not', async () => {
    const stagingKey = 'e2e-side-panel-staging-key-d41c9';
    const staging = await startReportService({ accounts: [{ name: 'Di', email: 'di@staging.example', apiKey: stagingKey }] });
    try {
      // Reports of other pages first: the page's report on this service has an id the first service never gave it.
      staging.seedReports(
        stagingKey,
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ url: `https://elsewhere.example/${n}`, score: 50 })),
      );
      const [theirs] = staging.seedReports(stagingKey, [{ url: site.url('/reported'), score: 21 }]);
      const options = await ext.openOptions();
      const { view } = await sendFrom<{ view: { services: { id: string; name: string }[] } }>(options, 'saveService', {
        name: 'Staging',
        baseUrl: staging.baseUrl,
        apiKey: stagingKey,
        keyForSessionOnly: false,
      });
      const id = view.services.find((entry) => entry.name === 'Staging')!.id;
      const tabId = await options.evaluate(async (url) => (await browser.tabs.query({})).find((tab) => tab.url === url)!.id!, site.url('/reported'));
      await options.close();

      /** The report view of `report` (on `service`, if named) about the page's tab, its "Open beside the page" clicked. */
      const openBesideFrom = async (report: number, service?: string) => {
        const view = await ext.openPage(`/report.html?id=${report}&tab=${tabId}${service ? `&service=${service}` : ''}`);
        const button = await view.waitForSelector('[data-action="open-beside"]');
        await button!.click();
        return view;
      };
      // Only the frame of that report is asked whether it is drawn: never the one it replaces, as it goes.
      const framedOn = (report: number, service: string | null) =>
        waitUntil(`report ${report} framed in the panel`, async () => {
          const frame = panel
            .frames()
            .find((f) => f.url().includes('/report.html?') && framedId(f) === report && new URL(f.url()).searchParams.get('service') === service);
          const ready = await frame?.$('main.report[data-state="ready"]').catch(() => null);
          return ready ? frame : null;
        });

      // Open already, following its window's popup (the default service): it reads again on the report's service.
      await reported.bringToFront();
      await panel.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
      await framedOn(reportedId, null);
      const onStaging = await openBesideFrom(theirs!.id, id);
      const frame = await framedOn(theirs!.id, id);
      expect(await (await frame.waitForSelector('.report__service', { timeout: 10_000 }))!.evaluate((line) => line.textContent?.trim())).toBe(
        'Service: Staging',
      );
      expect(staging.requestLog.some((r) => r.path.startsWith(`/api/v1/reports/${theirs!.id}`))).toBe(true);
      // From a report view on the default service, it is back there.
      const onDefault = await openBesideFrom(reportedId);
      await framedOn(reportedId, null);
      await onStaging.close();
      await onDefault.close();

      // Closed, then opened from the report view on the other service: it shows that service from the start.
      await panel.close();
      const opened = ext.browser.waitForTarget((t) => t.type() === 'page' && t.url().endsWith('/sidepanel.html'), { timeout: 10_000 });
      const again = await openBesideFrom(theirs!.id, id);
      panel = (await (await opened).asPage())!;
      await framedOn(theirs!.id, id);
      await again.close();
    } finally {
      await staging.close();
    }
  });
});
