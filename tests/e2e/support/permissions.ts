import type { Browser, Page } from 'puppeteer-core';
import { originPattern } from '../../../lib/shared/permission.ts';
import { delay, type VirtualDisplay } from './display.ts';

/**
 * Chromium ignores keys on a freshly shown dialog for about half a second (its guard
 * against click-jacking): keys sent at 300 ms are lost and the dialog then stays open.
 */
const PROMPT_SETTLE_MS = 1_000;

/**
 * A match pattern is used as is (`http://127.0.0.1:8080/*` names one port); an address
 * becomes the pattern the extension itself asks for (`http://127.0.0.1/*`, any port).
 */
export function hostPattern(addressOrPattern: string): string {
  return addressOrPattern.endsWith('/*') ? addressOrPattern : originPattern(addressOrPattern);
}

/**
 * Answers the real "Site Report wants to…" dialog that `permissions.request` opened from
 * `page` (an extension page in a headed browser). The dialog draws inside the browser's
 * own X window, so its arrival is read from the page losing focus, and its closing from
 * the page getting it back. Its default button is Deny: Tab moves to Allow.
 */
export async function answerPermissionPrompt(display: VirtualDisplay | undefined, page: Page, answer: 'grant' | 'deny'): Promise<void> {
  if (!display) throw new Error('The permission prompt shows only in a headed browser: launch with { headed: true }');
  await page
    .waitForFunction(() => !document.hasFocus(), { polling: 20, timeout: 10_000 })
    .catch(() => Promise.reject(new Error('No permission prompt appeared within 10 s (the page kept the focus)')));
  await delay(PROMPT_SETTLE_MS);
  display.pressKeys(...(answer === 'grant' ? ['Tab', 'Return'] : ['Escape']));
  await page
    .waitForFunction(() => document.hasFocus(), { polling: 20, timeout: 5_000 })
    .catch(() => Promise.reject(new Error(`The permission prompt did not close after the ${answer} keys`)));
}

/**
 * Records the user's yes for `pattern` the way chrome://extensions "Site access" does
 * (developerPrivate.addHostPermission): nothing is active yet, but the extension's own
 * `permissions.request` for it then resolves true at once, with no prompt, even headless.
 */
export async function preapproveHostPermission(chromium: Browser, extensionId: string, pattern: string): Promise<void> {
  const page = await chromium.newPage();
  try {
    await page.goto('chrome://extensions');
    await page.evaluate(
      (id, host) => (globalThis as unknown as DeveloperPrivateHost).chrome.developerPrivate.addHostPermission(id, host),
      extensionId,
      hostPattern(pattern),
    );
  } finally {
    await page.close();
  }
}

/** Grants `pattern` now: pre-approves it, then has an extension page request it in a real click. */
export async function grantHostPermission(chromium: Browser, extensionId: string, pattern: string): Promise<void> {
  await preapproveHostPermission(chromium, extensionId, pattern);
  // Any document of the extension's origin can ask; manifest.json runs none of the app's code.
  const page = await chromium.newPage();
  try {
    await page.goto(`chrome-extension://${extensionId}/manifest.json`);
    const granted = await requestInClick(page, hostPattern(pattern));
    if (!granted) throw new Error(`permissions.request(${hostPattern(pattern)}) answered false after pre-approval`);
  } finally {
    await page.close();
  }
}

/**
 * Clicks a button added to `page` whose handler calls `permissions.request` for `pattern` (a
 * match pattern, or the permissions themselves) and resolves with its answer: the API wants a
 * user gesture. Answer the prompt meanwhile.
 */
export async function requestInClick(page: Page, pattern: string | { permissions: string[] }): Promise<boolean> {
  const buttonId = `request-${Date.now()}`;
  await page.evaluate(
    (id, asked) => {
      const button = document.createElement('button');
      button.id = id;
      button.textContent = `Allow ${JSON.stringify(asked)}`;
      const permissions = typeof asked === 'string' ? { origins: [asked] } : asked;
      const answered = new Promise<boolean>((resolve, reject) => {
        button.addEventListener('click', () =>
          browser.permissions.request(permissions as Parameters<typeof browser.permissions.request>[0]).then(resolve, reject),
        );
      });
      (globalThis as unknown as Record<string, Promise<boolean>>)[id] = answered;
      document.body.append(button);
    },
    buttonId,
    pattern,
  );
  // A prompt is told apart by the page losing the focus, so the page must have it first.
  await page.bringToFront();
  await page.click(`#${buttonId}`);
  return page.evaluate((id) => (globalThis as unknown as Record<string, Promise<boolean>>)[id]!, buttonId);
}

interface DeveloperPrivateHost {
  chrome: { developerPrivate: { addHostPermission(extensionId: string, host: string): Promise<void> } };
}
