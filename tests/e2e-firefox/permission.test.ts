/**
 * The service's host permission in Firefox, where a Manifest V3 extension's host access is the
 * user's to give and to take back: given in Firefox's own prompt, taken back from the
 * Extensions button or with the switch in about:addons, and what the extension says then — on
 * the options page, in the toolbar popup, in a notification — and how it is given again from each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../service/test-pages.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { waitUntil } from '../e2e/support/stand-ins.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { storedAddress } from '../../lib/shared/page-address.ts';
import { originPattern } from '../../lib/shared/permission.ts';
import { clickAlert, waitForAlert } from './support/alerts.ts';
import { closeAddons, flipPermissionSwitch, openAddonPermissions, permissionSwitch } from './support/addons-manager.ts';
import { chooseContextMenuItem, openContextMenu } from './support/context-menu.ts';
import { chooseExtensionsPanelItem, openExtensionsPanelMenu } from './support/extensions-panel.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';
import { clickInToolbarPopup, clickToolbarButton, waitForToolbarPopup } from './support/toolbar.ts';

const fileTiming = timeFile('firefox permission.test.ts');
const KEY = 'e2e-firefox-permission-8e51a0c2d7';

let service: RunningService;
let site: PageServer;
let ext: FirefoxExtension;
let options: OptionsPage;
let pattern: string;
let host: string;
const pageUrl = () => site.url('/').replace('//127.0.0.1:', '//localhost:');

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
  site = await startPageServer({ '/': { body: pageHtml({ title: 'A page to report' }) } });
  pattern = originPattern(service.baseUrl);
  host = new URL(service.baseUrl).host;
  ext = await launchFirefoxExtension();
  options = await OptionsPage.open(ext);
  expect(await options.connect(ext, { baseUrl: service.baseUrl, apiKey: KEY }, 'grant')).toMatchObject({ ok: true });
  await options.account();
});

afterAll(async () => {
  await ext?.close();
  await site?.close();
  await service?.close();
  await fileTiming.done();
});

/** Takes the access back as a Firefox user does: the switch of the permission in about:addons. */
async function withdrawInAddonsManager(): Promise<void> {
  await openAddonPermissions(ext.chrome, ext.id);
  expect(await permissionSwitch(ext.chrome, pattern)).toBe(true);
  await flipPermissionSwitch(ext.chrome, pattern, false);
  await closeAddons(ext.chrome);
  expect(await ext.hasHostPermission(service.baseUrl)).toBe(false);
}

const BANNER = `The browser no longer lets the extension reach ${'HOST'}. It needs this to send your requests to your service, and asks for nothing else.`;

describe('taken back', () => {
  it('from the Extensions button, on the service’s own site: the options page says so at once, hides the account, and says where Firefox keeps the switch', async () => {
    const serviceTab = await ext.newTab(`${service.baseUrl}/`);
    expect(await openExtensionsPanelMenu(ext.chrome, ext.id)).toEqual(
      expect.arrayContaining([
        { label: 'Only When Clicked', checked: false },
        { label: 'Always Allow on 127.0.0.1', checked: true },
      ]),
    );
    await chooseExtensionsPanelItem(ext.chrome, 'Only When Clicked');
    await serviceTab.close();
    await waitUntil('the access to be gone', async () => !(await ext.hasHostPermission(service.baseUrl)));
    await options.page.bringToFront();
    await options.waitForText(BANNER.replace('HOST', host));
    await options.page.waitForFunction(() => !document.querySelector('section.account'), { polling: 50, timeout: 5_000 });
    expect(await options.page.$$eval('.notice__extra', (lines) => lines.map((line) => line.textContent))).toContain(
      'Firefox also lets you turn this access on and off in about:addons (Site Report → Permissions and data), or from the Extensions button while your service’s site is open.',
    );
    await ext.screenshot(options.page, 'options-permission-withdrawn');
  });

  it('the toolbar popup asks for it, and a click there gives it back through Firefox’s prompt', async () => {
    const tab = await ext.newTab(pageUrl());
    const hostPage = await ext.host();
    await clickToolbarButton(ext.chrome, ext.id);
    const asking = await waitForToolbarPopup(hostPage, 'the request for access', (view) => view.text.includes(`Access to ${host} needed`));
    expect(asking.address).toBe(pageUrl());
    expect(asking.text).toContain(
      'Firefox also lets you turn this access on and off in about:addons (Site Report → Permissions and data), or from the Extensions button while your service’s site is open.',
    );
    // A real click in the popup: permissions.request needs a user's action.
    await clickInToolbarPopup(ext.chrome, hostPage, '[data-need="permission"] button');
    await ext.grantPermissionPrompt(tab);
    expect(ext.prompts.at(-1)?.permissions).toContain('Access your data for sites in 127.0.0.1 domains');
    const ready = await waitForToolbarPopup(hostPage, 'the report form', (view) => view.state === 'ready' && view.text.includes('Create report'));
    expect(ready.text).not.toContain('needed');
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
    // The options page follows: the banner goes, the account comes back.
    await options.account();
    await tab.close();
  });

  it('with the switch in about:addons: a report from the right-click menu says in a notification what is missing, which opens the options', async () => {
    await withdrawInAddonsManager();
    const tab = await ext.newTab(pageUrl());
    expect(await openContextMenu(ext.chrome, ext.id, tab)).toEqual(['Report this page']);
    await chooseContextMenuItem(ext.chrome, 'Report this page');
    const alert = await waitForAlert(ext.chrome, 'no longer lets the extension reach');
    expect(alert).toEqual({
      title: `Could not report ${storedAddress(pageUrl())}`,
      text: `The browser no longer lets the extension reach ${host}. Grant the permission again to go on.\nClick here to open the options.`,
    });
    await options.close();
    const reopened = await ext.pageOpenedBy('/options.html', () => clickAlert(ext.chrome, 'no longer lets'));
    options = new OptionsPage(reopened);
    await options.waitForLoaded();
    await options.waitForText(BANNER.replace('HOST', host));
    await tab.close();
  });

  it('the options page’s button gives it back through Firefox’s prompt, and the account shows again', async () => {
    await options.page.locator('::-p-aria([name="Grant access again"][role="button"])').click();
    await ext.grantPermissionPrompt(options.page);
    await options.account();
    expect(await options.page.$('.notice--warning')).toBeNull();
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
  });

  it('turned on again in about:addons, it works again without a word from the extension', async () => {
    await withdrawInAddonsManager();
    await options.waitForText(BANNER.replace('HOST', host));
    await openAddonPermissions(ext.chrome, ext.id);
    await flipPermissionSwitch(ext.chrome, pattern, true);
    await closeAddons(ext.chrome);
    await options.account();
    expect(await ext.hasHostPermission(service.baseUrl)).toBe(true);
  });
});
