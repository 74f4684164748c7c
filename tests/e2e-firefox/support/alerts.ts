import type { ChromeScope } from './chrome-scope.ts';

/**
 * Notifications as Firefox shows them: its own alert windows (the profile turns the system's
 * notification daemon off, so what shows does not depend on the machine), clicked as a user does.
 */

export interface ShownAlert {
  title: string;
  text: string;
}

export function shownAlerts(chrome: ChromeScope): Promise<ShownAlert[]> {
  return chrome.run((c) =>
    [...c.Services.wm.getEnumerator('alert:alert')].map((alert) => ({
      title: alert.document.querySelector('#alertTitleLabel')?.getAttribute('value') ?? '',
      text: alert.document.querySelector('#alertTextLabel')?.textContent ?? '',
    })),
  );
}

/** Waits for an alert whose text contains `words`; answers it. */
export async function waitForAlert(chrome: ChromeScope, words: string, timeoutMs = 20_000): Promise<ShownAlert> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await shownAlerts(chrome)).find((alert) => alert.text.includes(words) || alert.title.includes(words));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No notification saying "${words}" within ${timeoutMs} ms; shown: ${JSON.stringify(await shownAlerts(chrome))}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Clicks the text of the alert that says `words`, as a user does. */
export async function clickAlert(chrome: ChromeScope, words: string): Promise<void> {
  await chrome.run((c, wanted) => {
    const alert = [...c.Services.wm.getEnumerator('alert:alert')].find((w) =>
      (w.document.querySelector('#alertTextLabel')?.textContent ?? '').includes(wanted),
    );
    const label = alert?.document.querySelector('#alertTextLabel');
    if (!alert || !label) throw new Error(`No notification saying "${wanted}"`);
    c.events.synthesizeMouseAtCenter(label, {}, alert);
  }, words);
}
