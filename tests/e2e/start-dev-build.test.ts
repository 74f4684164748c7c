/**
 * `npm start`: the development build it makes comes pointed at the local service,
 * so a newcomer reports a page without visiting the options first. Built here the
 * way tests/dev/start.ts builds it (into .output/chrome-mv3-dev, beside the production build).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { PopupPage } from './support/pages/popup.ts';
import { projectRoot } from './support/paths.ts';
import { storedReports } from './support/stored-reports.ts';
import { wxtBuild } from './support/wxt-build.ts';

let service: RunningService;
let site: PageServer;
let ext: ExtensionBrowser;

beforeAll(async () => {
  service = await startReportService();
  site = await startPageServer({ '/': { body: pageHtml({ title: 'A newcomer’s first page' }) } });
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    WXT_DEMO_SERVICE_URL: service.baseUrl,
    WXT_DEMO_API_KEY: service.accounts[0]!.apiKey,
  };
  await wxtBuild(['--mode', 'development'], env);
  ext = await launchExtensionBrowser({ extensionDir: join(projectRoot, '.output', 'chrome-mv3-dev') });
}, 120_000);

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
});

it('reports a page straight from the popup, with nothing set up by hand', async () => {
  const popup = await PopupPage.openOn(ext, await ext.newTab(site.url('/')));
  await popup.waitForReady();
  expect(await popup.page.$('[data-need]')).toBeNull();
  expect(await popup.createReport({ privacy: 'private' })).toBe('done');
  const stored = await storedReports(service.baseUrl, service.accounts[0]!.apiKey).ofPage(site.url('/'));
  expect(stored.map((r) => r.privacy)).toEqual([1]);
});
