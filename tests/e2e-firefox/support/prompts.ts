import type { ChromeScope } from './chrome-scope.ts';

/** What Firefox's own permission prompt said when it was answered. */
export interface AnsweredPrompt {
  /** "Site Report requests additional settings" */
  heading: string;
  /** One line per permission asked for, e.g. "Access your data for sites in 127.0.0.1 domains". */
  permissions: string[];
  answer: 'grant' | 'deny';
}

const PROMPT = 'popupnotification#addon-webext-permissions-notification';

/**
 * Answers the doorhanger Firefox shows when the extension calls `permissions.request`
 * (it shows even headless). Allow is its main button, Deny the other one.
 */
export async function answerPermissionPrompt(chrome: ChromeScope, answer: 'grant' | 'deny'): Promise<AnsweredPrompt> {
  const shown = await chrome.waitFor(
    "Firefox's permission prompt",
    (c, selector) => {
      const prompt = c.document.querySelector(selector);
      const panel = c.document.querySelector('#notification-popup');
      // Clicked only once its panel has finished opening: a click during the animation can miss.
      if (!prompt || prompt.hasAttribute('hidden') || !panel || Reflect.get(panel, 'state') !== 'open') return null;
      const words = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
      return {
        heading: words(prompt.querySelector('.popup-notification-description')),
        permissions: [...prompt.querySelectorAll('li')].map(words).filter(Boolean),
      };
    },
    [PROMPT],
  );
  await chrome.run(
    (c, selector, grant) => {
      const button = c.document.querySelector(`${selector} .popup-notification-${grant ? 'primary' : 'secondary'}-button`);
      if (!button) throw new Error('The prompt has no such button');
      c.events.synthesizeMouseAtCenter(button, {}, c.window);
    },
    PROMPT,
    answer === 'grant',
  );
  await chrome.waitFor('the permission prompt to close', (c, selector) => !c.document.querySelector(`${selector}:not([hidden])`), [PROMPT]);
  return { ...shown, answer };
}
