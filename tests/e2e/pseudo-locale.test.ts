/**
 * The pseudo-locale build (`wxt build --mode pseudo`: every catalogue text accented, 40 % longer and between
 * ⟦ ⟧) in Chromium: every visible word, screen-reader text, aria-label, title and placeholder of the screens
 * converted so far (the report view with its dialogs, the options' connection and settings) comes from the
 * catalogue, and nothing pushes the page wider than its window. Screenshots show the longer words in place.
 * The popup and the reports manager follow in part two of issue 13.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { overflowsSideways, strayText } from './support/catalogue-text.ts';
import { timeFile } from './support/file-timing.ts';
import { projectRoot } from './support/paths.ts';

const fileTiming = timeFile('pseudo-locale.test.ts');
const KEY = 'e2e-pseudo-locale-key-51c2e9';
const PAGE = 'https://shop.example.com/walking-shoes';
const pseudoBuildDir = join(projectRoot, '.output', 'chrome-mv3-pseudo');

let service: RunningService;
let ext: ExtensionBrowser;
let reportId: number;

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which Vite would carry into the build; the pseudo build is otherwise the production one.
  await promisify(execFile)(join(projectRoot, 'node_modules', '.bin', 'wxt'), ['build', '--mode', 'pseudo'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  service = await startReportService({ accounts: [{ name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, planName: 'Agency' }] });
  const hour = 3600_000;
  const seeded = service.seedReports(KEY, [
    { url: PAGE, score: 91, generatedAt: new Date(Date.now() - 30 * 24 * hour).toISOString() },
    { url: PAGE, score: 62, generatedAt: new Date(Date.now() - 2 * hour).toISOString() },
  ]);
  reportId = seeded[1]!.id;
  ext = await launchExtensionBrowser({ extensionDir: pseudoBuildDir });
  await ext.grantHostPermission(service.baseUrl);
});

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the pseudo-locale build', () => {
  it('words the options page (connection, account, preferences) from the catalogue only', async () => {
    const options = await ext.openOptions();
    await options.waitForSelector('main.options[data-state="ready"] form.connection');
    expect(await strayText(options, ['header.options__header', '#connection', '#preferences'])).toEqual([]);
    // Connected: the account and the settings that show only then.
    await options.type('#service-address', service.baseUrl);
    await options.type('#api-key', KEY);
    await options.click('form.connection button[type="submit"]');
    await options.waitForSelector('section.account[data-state="ready"]', { timeout: 20_000 });
    expect(await options.$eval('html', (html) => [html.lang, html.dir, document.title])).toEqual(['en', 'ltr', expect.stringMatching(/^⟦.*⟧$/)]);
    expect(await strayText(options, ['header.options__header', '#connection', '#preferences'])).toEqual([]);
    // The key shown and hidden: both names of the toggle.
    await options.click('.secret__toggle');
    expect(await strayText(options, ['#connection'])).toEqual([]);
    expect(await overflowsSideways(options)).toBe(false);
    await ext.screenshot(options, 'pseudo-options');
  });

  it('words the report view, its dialogs and its outcomes from the catalogue only', async () => {
    const view = await ext.openPage(`/report.html?id=${reportId}`);
    await view.waitForSelector('main.report[data-state="ready"]', { timeout: 15_000 });
    expect(await view.$$eval('li.check', (checks) => checks.length)).toBeGreaterThan(10);
    await ext.screenshot(view, 'pseudo-report-view');
    // Every finding opened: "N more" lists and their "Show fewer".
    for (const more of await view.$$('.finding__more')) await more.click();
    expect(await strayText(view, ['main.report'])).toEqual([]);
    expect(await view.evaluate(() => document.title)).toMatch(/^⟦.*⟧$/);
    expect(await overflowsSideways(view)).toBe(false);

    // The failed checks only, and a filter that leaves none.
    await view.click('input[name="show"][value="failed"]');
    await view.select('#filter-importance', 'low');
    expect(await strayText(view, ['main.report'])).toEqual([]);

    const buttons = await view.$$('.report__buttons button');
    await buttons[1]!.click(); // Privacy
    await view.waitForSelector('dialog[open]');
    await view.click('dialog[open] input[type="radio"][value="2"]');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await ext.screenshot(view, 'pseudo-privacy-dialog');
    await view.keyboard.press('Escape');
    await view.waitForSelector('dialog[open]', { hidden: true });

    await buttons[2]!.click(); // Delete
    await view.waitForSelector('dialog[open]');
    expect(await strayText(view, ['dialog[open]'])).toEqual([]);
    await view.click('dialog[open] .button--danger');
    await view.waitForSelector('main.report[data-state="deleted"]', { timeout: 15_000 });
    expect(await strayText(view, ['main.report'])).toEqual([]);
  });
});
