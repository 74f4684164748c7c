import type { ExtensionPages } from '../extension-pages.ts';
import { PageObject } from '../page-object.ts';

export interface ShownAccount {
  name: string;
  email: string;
  plan: string;
  quota: string;
}

/** What a click on Save ended in: the success words, or the failure words wherever they show. */
export interface SaveOutcome {
  ok: boolean;
  /** The notice above Save ("Connected to …", or why it failed). */
  message: string | null;
  addressError: string | null;
  keyError: string | null;
}

declare global {
  interface Window {
    /** Set by `watchSave`: the form went busy since the last click on Save. */
    __saveStarted?: boolean;
    __saveObserver?: MutationObserver;
  }
}

/**
 * The options page's connection card and account, driven through its labels.
 * `connect()` types, clicks Save and, in a headed browser, answers the browser's
 * own permission prompt when asked to.
 */
export class OptionsPage extends PageObject {
  static async open(ext: ExtensionPages): Promise<OptionsPage> {
    const options = new OptionsPage(await ext.openOptions());
    await options.waitForLoaded();
    return options;
  }

  async waitForLoaded(): Promise<void> {
    await this.page.waitForSelector('main.options[data-state="ready"] form.connection', { timeout: 10_000 });
  }

  async fillConnection({ baseUrl, apiKey }: { baseUrl?: string; apiKey?: string }): Promise<void> {
    if (baseUrl !== undefined) await this.fill('::-p-aria([name="Service address"][role="textbox"])', baseUrl);
    // By name, not role: Chromium calls a password field a textbox, Firefox a "password text".
    if (apiKey !== undefined) await this.fill('input::-p-aria(API key)', apiKey);
  }

  /**
   * Fills the form and saves. `prompt`: the browser asks for the permission and the
   * user answers it (headed browsers only); without it the answer must need no prompt
   * (granted or pre-approved already).
   */
  async connect(ext: ExtensionPages, fields: { baseUrl?: string; apiKey?: string }, prompt?: 'grant' | 'deny'): Promise<SaveOutcome> {
    await this.fillConnection(fields);
    await this.watchSave();
    await this.click('::-p-aria([name="Save"][role="button"])');
    if (prompt === 'grant') await ext.grantPermissionPrompt(this.page);
    if (prompt === 'deny') await ext.denyPermissionPrompt(this.page);
    return this.saveOutcome();
  }

  /** Marks the form so that the end of this save can be told from the state before it. */
  private async watchSave(): Promise<void> {
    await this.page.evaluate(() => {
      const form = document.querySelector('form.connection');
      if (!form) throw new Error('No connection form');
      window.__saveObserver?.disconnect();
      window.__saveStarted = false;
      window.__saveObserver = new MutationObserver(() => {
        if (form.getAttribute('aria-busy') === 'true') window.__saveStarted = true;
      });
      window.__saveObserver.observe(form, { attributes: true, attributeFilter: ['aria-busy'] });
    });
  }

  /** Waits for the save to end (or for the form's own check to refuse it at once) and reads what it says. */
  private async saveOutcome(timeout = 20_000): Promise<SaveOutcome> {
    await this.page.waitForFunction(
      () => {
        const form = document.querySelector('form.connection');
        const fieldError = form?.querySelector('.field__error');
        return (window.__saveStarted && form?.getAttribute('aria-busy') === 'false') || (!window.__saveStarted && fieldError);
      },
      { timeout, polling: 'mutation' },
    );
    // No helper functions inside: the callback runs in the page as its source text.
    return this.page.$eval('form.connection', (form) => {
      const error = form.querySelector('.notice--error .notice__message')?.textContent?.trim() ?? null;
      return {
        ok: form.querySelector('.notice--info') !== null && error === null,
        message: error ?? form.querySelector('.notice--info .notice__message')?.textContent?.trim() ?? null,
        addressError: form.querySelector('#service-address-error')?.textContent?.trim() ?? null,
        keyError: form.querySelector('#api-key-error')?.textContent?.trim() ?? null,
      };
    });
  }

  /** The account card once it shows the account. */
  async account(timeout = 10_000): Promise<ShownAccount> {
    await this.page.waitForSelector('section.account[data-state="ready"]', { timeout });
    return this.page.$eval('section.account dl', (list) => {
      const facts: Record<string, string> = {};
      for (const term of list.querySelectorAll('dt')) facts[term.textContent?.trim() ?? ''] = term.nextElementSibling?.textContent?.trim() ?? '';
      return { name: facts.Name ?? '', email: facts.Email ?? '', plan: facts.Plan ?? '', quota: facts['Monthly reports'] ?? '' };
    });
  }

  /** "A key ending in ••••abcd is saved." */
  /** Ticks or clears "Forget the key when the browser closes", and waits until the page says it is saved. */
  async keepKeyForSessionOnly(sessionOnly: boolean): Promise<void> {
    const box = '::-p-aria([name="Forget the key when the browser closes"][role="checkbox"])';
    if (
      (await this.page
        .locator(box)
        .map((input) => (input as HTMLInputElement).checked)
        .wait()) !== sessionOnly
    )
      await this.click(box);
    await this.waitForText(sessionOnly ? 'forgotten when the browser closes' : 'kept until you forget it', 'form.connection');
  }

  keyForSessionOnly(): Promise<boolean> {
    return this.page
      .locator('::-p-aria([name="Forget the key when the browser closes"][role="checkbox"])')
      .map((input) => (input as HTMLInputElement).checked)
      .wait();
  }

  keyStatus(): Promise<string> {
    return this.text('#api-key-saved');
  }

  addressValue(): Promise<string> {
    return this.page.$eval('#service-address', (input) => (input as HTMLInputElement).value);
  }

  /** 'password' while masked, 'text' while shown. */
  keyFieldType(): Promise<string> {
    return this.page.$eval('#api-key', (input) => (input as HTMLInputElement).type);
  }

  /** The show/hide toggle, by its accessible name ("Show API key", "Hide API key"). */
  async toggleKey(name: 'Show API key' | 'Hide API key'): Promise<void> {
    await this.click(`::-p-aria([name="${name}"][role="button"])`);
  }

  async forgetKey(): Promise<void> {
    await this.click('::-p-aria([name="Forget key"][role="button"])');
    await this.page.waitForFunction(() => !document.querySelector('section.account'), { polling: 'mutation', timeout: 10_000 });
  }

  /** The words before the prompt, telling why the browser is about to ask. */
  permissionReason(): Promise<string | null> {
    return this.page.$eval('form.connection', (form) => form.querySelector('#permission-why')?.textContent?.trim() ?? null);
  }
}
