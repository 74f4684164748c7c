/**
 * "Report the page in front of you": the real toolbar popup of the production build,
 * opened on real tabs in Chromium, against the local report service. One browser for the
 * whole file; the tests run in order and build on each other (connect, create, reopen),
 * as one user's session would.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { RESULT_LABEL_TEXT, scoreLabel } from '../../lib/shared/score.ts';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { launchExtensionBrowser, type ExtensionBrowser } from './support/browser.ts';
import { timeFile } from './support/file-timing.ts';
import { OptionsPage } from './support/pages/options.ts';
import { PopupPage, type PrivacyChoice } from './support/pages/popup.ts';
import { serveHtmlEverywhere, waitUntil, type StandIn } from './support/stand-ins.ts';
import { storedReports } from './support/stored-reports.ts';
import { screenshotBothThemes } from './support/themes.ts';
import { measure } from './support/timings.ts';

const fileTiming = timeFile('report-page.test.ts');
const KEY = 'e2e-popup-key-5f2c9a7d1e';
const ACCOUNT = { name: 'Ada Lovelace', email: 'ada@example.com', apiKey: KEY, planName: 'Team', reportsPerMonth: 500 };
const DAY = 86_400_000;

let service: RunningService;
let site: PageServer;
let ext: ExtensionBrowser;
const tabs = new Map<string, Page>();
// What the service itself holds: the truth the popup is checked against.
const onService = () => storedReports(service.baseUrl, KEY);

/** One tab per test page, kept open: reopening the popup on it is what a user does. */
async function tabOn(path: string): Promise<Page> {
  const known = tabs.get(path);
  if (known && !known.isClosed()) return known;
  const tab = await ext.newTab(site.url(path));
  tabs.set(path, tab);
  return tab;
}

async function popupOn(path: string): Promise<PopupPage> {
  await PopupPage.closeAll(ext);
  return PopupPage.openOn(ext, await tabOn(path));
}

const PAGES = {
  // Over http with no description, no h1, and no title word in the body or the address: meta_description,
  // headings, content_keywords, seo_friendly_url and https_encryption (high) and http2 (medium) fail,
  // 55 of 185 lost: round(130 / 185 × 100) = 70, "decent".
  '/': pageHtml({ title: 'Home of the test site', description: null, body: '<p>No heading here.</p>' }),
  '/slow': pageHtml({ title: 'Audited slowly' }),
  '/five': pageHtml({ title: 'Five reports already' }),
  '/keyboard': pageHtml({ title: 'Reported with the keyboard' }),
  '/remembered': pageHtml({ title: 'Privacy remembered' }),
  '/cut-off': pageHtml({ title: 'Audited while the worker was stopped' }),
};

beforeAll(async () => {
  service = await startReportService({ accounts: [ACCOUNT] });
  site = await startPageServer(Object.fromEntries(Object.entries(PAGES).map(([path, body]) => [path, { body }])));
  // Headed (a private Xvfb): the real permission prompt, and a screen as large as a laptop's.
  // Headless Chromium's screen is 800×600, which caps the popup at 510 px high and clips it.
  ext = await launchExtensionBrowser({ headed: true });
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

describe('before the extension is connected', () => {
  it('offers one call to action, which opens the options page, where the user connects', async () => {
    const popup = await popupOn('/');
    expect(await popup.settled()).toBe('ready');
    await popup.page.waitForSelector('[data-need="connect"]');
    expect(await popup.address()).toBe(site.url('/'));
    expect(await popup.textOf('[data-need="connect"] h2')).toBe('Connect your report service');
    // One way forward: the header's Options link aside, the panel has a single button and no form.
    expect(await popup.buttons()).toEqual(['Options', 'Open the options to connect']);
    expect(await popup.page.$('form.report-form')).toBeNull();
    await popup.waitForFocusOn('Open the options to connect');
    // Its rules came in popup.html (stylesInline, wxt.config.ts): loading the connect screen added no stylesheet after them.
    expect(await popup.styleSources()).toEqual({ applied: ['STYLE', 'STYLE'], linksDisabled: [true, true] });

    const optionsTab = await popup.clickOpening('Open the options to connect', '/options.html');
    await waitUntil('the popup to close', async () => popup.page.isClosed());
    const options = new OptionsPage(optionsTab);
    await options.waitForLoaded();
    // The browser asks for the service's host in the click on Save; the user allows it.
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(false);
    const saved = await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant');
    expect(saved).toMatchObject({ ok: true, message: `Connected to ${new URL(service.baseUrl).host}.` });
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    expect(await options.account()).toEqual({ name: 'Ada Lovelace', email: 'ada@example.com', plan: 'Team', quota: '500 reports a month' });
    await options.close();
  });
});

describe('creating reports from the popup', () => {
  const made: { privacy: PrivacyChoice; id: number }[] = [];

  it.each([
    { privacy: 'public' as const, stored: 0, shown: 'Public', password: undefined },
    { privacy: 'private' as const, stored: 1, shown: 'Private', password: undefined },
    { privacy: 'password' as const, stored: 2, shown: 'Password-protected', password: 'correct horse 7' },
  ])('creates a $privacy report and shows the score and label the service stored', async ({ privacy, stored, shown, password }) => {
    const popup = await popupOn('/');
    await popup.waitForReady();
    expect(await popup.address()).toBe(site.url('/'));
    expect(await popup.reportCount()).toBe(made.length);

    expect(await popup.createReport({ privacy, password })).toBe('done');
    const result = await popup.result();
    const kept = await onService().byId(result.id);
    expect(kept.result).not.toBeNull();
    expect(result).toEqual({
      heading: 'Report ready',
      id: kept.id,
      score: kept.result,
      label: RESULT_LABEL_TEXT[scoreLabel(kept.result!)],
      privacy: shown,
    });
    expect(result.label).toBe('Decent');
    expect(kept).toMatchObject({ url: storedAddress(site.url('/')), privacy: stored, password: stored === 2 });
    // The way to every check, in the report view over this tab, and to the report on the service's site.
    const all = await popup.page.$eval('section.result a.button--primary', (a) => ({ text: a.textContent, href: (a as HTMLAnchorElement).href }));
    expect(all.text).toBe(`All ${Object.keys(kept.results).length} checks`);
    expect(new URL(all.href).pathname).toBe('/report.html');
    expect(new URL(all.href).searchParams.get('id')).toBe(String(kept.id));
    expect(await popup.page.$eval('section.result a.result__service', (a) => (a as HTMLAnchorElement).href)).toBe(
      `${service.baseUrl}/reports/${kept.id}`,
    );
    // The new report heads the page's list at once.
    expect((await popup.listedReports())[0]).toEqual({ id: kept.id, score: kept.result, label: result.label, privacy: shown });
    made.push({ privacy, id: kept.id });

    if (privacy === 'password') await screenshotBothThemes(ext, popup, 'popup-result');
    await popup.clickDone();
    await popup.close();
  });

  it('lists the reports of the page, newest first, when the popup is opened again', async () => {
    const popup = await popupOn('/');
    await popup.waitForReady();
    const listed = await popup.listedReports();
    const kept = await onService().ofPage(site.url('/'));
    expect(kept).toHaveLength(3);
    const newestFirst = [...kept].sort((a, b) => Date.parse(b.generated_at) - Date.parse(a.generated_at) || b.id - a.id);
    expect(listed.map((r) => r.id)).toEqual(newestFirst.map((r) => r.id));
    expect(listed.map((r) => r.id)).toEqual(made.map((m) => m.id).reverse());
    expect(listed.map((r) => r.privacy)).toEqual(['Password-protected', 'Private', 'Public']);
    expect(listed.map((r) => r.score)).toEqual(newestFirst.map((r) => r.result));
    expect(await popup.textOf('#page-reports-heading')).toBe('Reports of this page (3)');
    await popup.close();
  });

  it('is ready, with the 5 reports of a page listed newest first, soon after it opens', async () => {
    const seeds = [3, 1, 4, 0.5, 2].map((daysAgo, i) => ({
      url: site.url('/five'),
      score: [95, 62, 30, 81, 48][i]!,
      privacy: (i % 3) as 0 | 1 | 2,
      ...(i % 3 === 2 ? { password: 'seeded' } : {}),
      generatedAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
    }));
    const ids = service.seedReports(KEY, seeds).map((r) => r.id);
    const PRIVACY = ['Public', 'Private', 'Password-protected'];
    const expected = seeds
      .map((seed, i) => ({
        at: Date.parse(seed.generatedAt),
        id: ids[i]!,
        score: seed.score,
        label: RESULT_LABEL_TEXT[scoreLabel(seed.score)],
        privacy: PRIVACY[seed.privacy],
      }))
      .sort((a, b) => b.at - a.at)
      .map(({ at: _at, ...shown }) => shown);
    expect(expected.map((r) => r.label)).toEqual(['Good', 'Decent', 'Bad', 'Good', 'Bad']);
    const tab = await tabOn('/five');

    const runs: number[] = [];
    for (let run = 1; run <= 3; run++) {
      const started = performance.now();
      const popup = await measure(`popup open→ready, page with 5 reports (run ${run})`, async () => {
        const opened = await PopupPage.openOn(ext, tab);
        await opened.waitForReady();
        return opened;
      });
      runs.push(Math.round(performance.now() - started));
      expect(await popup.reportCount()).toBe(5);
      // By date, not by id: seeded out of order.
      expect(await popup.listedReports()).toEqual(expected);
      if (run === 3) await screenshotBothThemes(ext, popup, 'popup-ready-with-reports');
      await popup.close();
    }
    console.log(`popup open→ready on a page with 5 reports: ${runs.join(' ms, ')} ms`);
  });
});

describe('a slow audit', () => {
  afterAll(() => service.configure({ latencyMs: 0 }));

  it('goes on when the popup closes, and its outcome shows when the popup is opened again', async () => {
    service.configure({ latencyMs: 5_000 });
    const createsBefore = service.createRequests();
    const popup = await popupOn('/slow');
    await popup.waitForReady();
    await popup.choosePrivacy('public');
    await popup.clickCreate();
    expect(await popup.waitForJob(['running'])).toBe('running');
    await popup.waitForText('Auditing this page…', 'section.job');
    await popup.close();

    // Opened again while the service still audits: the progress, not a new form.
    const during = await popupOn('/slow');
    await during.waitForReady();
    expect(await during.job()).toBe('running');
    expect(await during.page.$('form.report-form')).toBeNull();
    await during.close();

    const [kept] = await waitUntil('the service to store the report', async () => {
      const found = await onService().ofPage(site.url('/slow'));
      return found.length > 0 && found;
    });
    const after = await popupOn('/slow');
    await after.waitForReady();
    expect(await after.waitForJob(['done'])).toBe('done');
    const result = await after.result();
    expect(result).toMatchObject({ id: kept!.id, score: kept!.result, privacy: 'Public' });
    expect(kept!.privacy).toBe(0);
    // One request, not one per popup.
    expect(service.createRequests()).toBe(createsBefore + 1);
    await after.close();
  });
});

describe('after the browser stops the idle service worker', () => {
  it('still has the connection, the chosen privacy and the last outcome', async () => {
    const remembered = await popupOn('/remembered');
    await remembered.waitForReady();
    await remembered.choosePrivacy('password');
    await remembered.close();
    // A worker the browser stops after 30 s idle has long finished writing the choice: wait for that write, as a stop
    // here comes at once.
    await waitUntil('the choice of Password to be kept', async () => {
      const kept = await (await ext.worker()).evaluate(() => browser.storage.session.get('popupPrivacyDraft'));
      return (kept.popupPrivacyDraft as { privacy?: number } | undefined)?.privacy === 2;
    });
    const lastId = (await onService().ofPage(site.url('/slow')))[0]!.id;

    await ext.stopWorker();
    expect(ext.browser.targets().some((t) => t.type() === 'service_worker' && t.url().includes(ext.extensionId))).toBe(false);

    const outcome = await popupOn('/slow');
    await outcome.waitForReady();
    expect(await outcome.job()).toBe('done');
    expect((await outcome.result()).id).toBe(lastId);
    await outcome.close();

    const form = await popupOn('/remembered');
    await form.waitForReady();
    expect(await form.checkedPrivacy()).toBe('Password');
    expect(await form.page.$('[data-need]')).toBeNull();
    // The typed password is never kept: the field comes back empty.
    expect(await form.page.$eval('#report-password', (input) => (input as HTMLInputElement).value)).toBe('');
    await form.close();
  });
});

describe('a report whose worker the browser stopped mid-audit', () => {
  afterAll(() => service.configure({ latencyMs: 0 }));

  it('is waited for, never sent again, and shows once the service has made it', async () => {
    service.configure({ latencyMs: 6_000 });
    const createsBefore = service.createRequests();
    const popup = await popupOn('/cut-off');
    await popup.waitForReady();
    await popup.choosePrivacy('private');
    await popup.clickCreate();
    expect(await popup.waitForJob(['running'])).toBe('running');
    await popup.close();
    // The job shows as running before its POST leaves: the worker is stopped once the service has the request, before it answers.
    await waitUntil('the POST to reach the service', async () => service.createRequests() > createsBefore);
    await ext.stopWorker();

    const after = await popupOn('/cut-off');
    await after.waitForReady();
    // Not "interrupted, try again": the service may still be auditing, and a retry would make a second report.
    expect(await after.job()).toBe('running');
    expect(await after.waitForJob(['done', 'failed'], 30_000)).toBe('done');
    const stored = await onService().ofPage(site.url('/cut-off'));
    expect(stored).toHaveLength(1);
    expect(await after.result()).toMatchObject({ id: stored[0]!.id, privacy: 'Private' });
    expect(service.createRequests()).toBe(createsBefore + 1);
    await after.close();
  }, 60_000);
});

describe('with the keyboard alone', () => {
  it('Tab reaches the privacy choice and Create, and Enter creates the report', async () => {
    const popup = await popupOn('/keyboard');
    await popup.waitForReady();
    // The popup opens with the focus on its main action.
    await popup.waitForFocusOn('Create report');
    expect(await popup.focused()).toMatchObject({ tag: 'button', name: 'Create report' });

    const visited: string[] = [];
    for (let i = 0; i < 8 && !(await popup.focused()).type.includes('radio'); i++) {
      await popup.page.keyboard.press('Tab');
      visited.push((await popup.focused()).name);
    }
    const radio = await popup.focused();
    expect(radio, `Tab went through: ${visited.join(' → ')}`).toMatchObject({ type: 'radio', checked: true });
    // Arrows move within the group: Private (the default) → Public.
    await popup.page.keyboard.press('ArrowLeft');
    expect(await popup.focused()).toMatchObject({ type: 'radio', name: 'Public', checked: true });
    await popup.page.keyboard.press('Tab');
    expect(await popup.focused()).toMatchObject({ tag: 'button', name: 'Create report' });
    // The focus is visible.
    expect(await popup.page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');

    await popup.page.keyboard.press('Enter');
    expect(await popup.waitForJob(['done', 'failed'])).toBe('done');
    const result = await popup.result();
    const kept = await onService().byId(result.id);
    expect(kept).toMatchObject({ privacy: 0, result: result.score });
    // The focus moves to the result's link (once the result has painted), so Enter again would open every check.
    const allChecks = `All ${Object.keys(kept.results).length} checks`;
    await popup.waitForFocusOn(allChecks);
    expect(await popup.focused()).toMatchObject({ tag: 'a', name: allChecks });
    await popup.close();
  });
});

describe('pages that cannot be reported', () => {
  it.each(['about:blank', 'chrome://version', 'data:text/html,<title>Local</title><h1>Typed in</h1>'])(
    'on %s, says why and offers no button',
    async (address) => {
      const tab = await ext.newTab(address);
      await PopupPage.closeAll(ext);
      const popup = await PopupPage.openOnHiddenTab(ext, tab);
      expect(await popup.settled()).toBe('unsupported');
      // The browser hides these tabs' addresses from extensions; the popup says what that means.
      const notices = await popup.notices();
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatch(/browser's own pages/);
      expect(notices[0]).toMatch(/Only web pages \(http or https\) can be reported\.$/);
      expect(await popup.buttons()).toEqual(['Options']);
      expect(await popup.page.$('input[type="radio"]')).toBeNull();
      await popup.close();
      await tab.close();
    },
  );
});

describe('a page whose address is longer than the service takes', () => {
  it('says why it cannot be reported, and offers no button', async () => {
    const path = `/?q=${'long-address-'.repeat(170)}`;
    expect(site.url(path).length).toBeGreaterThan(2048);
    const popup = await popupOn(path);
    expect(await popup.settled()).toBe('unsupported');
    expect(await popup.notices()).toEqual([
      expect.stringMatching(/This page's address is too long to report: the service takes addresses of up to 2,048 characters\.$/),
    ]);
    expect(await popup.buttons()).toEqual(['Options']);
    await popup.close();
  });
});

describe('when the service fails, each failure in its own words', () => {
  const messages = new Map<string, string>();
  let port: number;
  beforeAll(() => {
    port = Number(new URL(service.baseUrl).port);
  });
  afterAll(() => expect(new Set(messages.values()).size).toBe(messages.size));

  /** The popup on the test page while `replacement` answers at the service's address. */
  async function messageWhile(replacement: StandIn | RunningService | null, check: (popup: PopupPage) => Promise<void>): Promise<string> {
    try {
      const popup = await popupOn('/');
      await popup.waitForReady(30_000);
      // Where the page's reports would be: the service is asked for them as the popup opens.
      const message = await popup.textOf('.page-reports .notice__message');
      await check(popup);
      await popup.close();
      return message;
    } finally {
      await replacement?.close();
    }
  }

  it('a stopped service: could not reach it, on opening and on Create', async () => {
    await service.close();
    const message = await messageWhile(null, async (popup) => {
      expect(await popup.textOf('.page-reports .notice')).toContain('You can still create a report.');
      expect(await popup.createReport({ privacy: 'private', timeout: 30_000 })).toBe('failed');
      expect(await popup.textOf('form.report-form .notice--error .notice__message')).toBe(await popup.textOf('.page-reports .notice__message'));
      await popup.dismissFailure();
    });
    expect(message).toMatch(/^Could not reach the report service\. It may be down/);
    messages.set('stopped', message);
  });

  it('an address that answers with web pages: not the API', async () => {
    const message = await messageWhile(await serveHtmlEverywhere(port), async () => {});
    expect(message).toMatch(/^This address does not look like the report service's API: it answered with a web page/);
    messages.set('html', message);
  });

  it('a key the service does not know: the key was refused', async () => {
    const stranger = await startReportService({ port, accounts: [{ ...ACCOUNT, apiKey: 'someone-elses-key-000' }] });
    const message = await messageWhile(stranger, async (popup) => {
      // The fix is in the options, so the notice offers the way there.
      expect(await popup.textOf('.page-reports .notice button')).toBe('Open the options');
    });
    expect(message).toMatch(/^The service refused the API key\./);
    messages.set('key', message);
  });
});
