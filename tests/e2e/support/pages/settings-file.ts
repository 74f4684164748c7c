import type { ElementHandle, Page } from 'puppeteer-core';
import { PageObject } from '../page-object.ts';

declare const chrome: { runtime: { sendMessage(message: unknown): Promise<{ ok: boolean; value?: unknown; error?: unknown }> } };

/** Sends one message of the protocol from an extension page, as its own code does (Chromium and Firefox alike); `service`: the one it names (absent: the default). */
export async function sendFrom<T>(page: Page, type: string, payload: object, service?: string): Promise<T> {
  const reply = await page.evaluate((message) => chrome.runtime.sendMessage(message), { type, payload, ...(service ? { service } : {}) });
  if (!reply.ok) throw new Error(`${type} failed: ${JSON.stringify(reply.error)}`);
  return reply.value as T;
}

export interface ShownPart {
  part: string;
  state: string;
  text: string;
}

/** The options page's "Your settings in a file" card: export, and import with its summary. */
export class SettingsFileCard extends PageObject {
  async waitForCard(): Promise<void> {
    await this.page.waitForSelector('section.settings-file', { timeout: 10_000 });
  }

  async includeKeys(on: boolean): Promise<void> {
    const box = await this.page.waitForSelector('#settings-export-keys');
    if ((await box!.evaluate((el) => (el as HTMLInputElement).checked)) !== on) await box!.click();
  }

  /** The warnings the export part shows (the keys' one when ticked). */
  exportWarnings(): Promise<string[]> {
    return this.page.$$eval('.settings-file__export .notice--warning', (nodes) => nodes.map((n) => n.textContent?.trim() ?? ''));
  }

  /** Clicks Export and answers the file name the card says it saved. */
  async exportFile(): Promise<string> {
    const button = (await this.page.waitForSelector('#settings-export')) as ElementHandle<HTMLButtonElement>;
    await button.click();
    const said = await this.page.waitForFunction(
      () => document.querySelector('.settings-file__export .notice--info, .settings-file__export .notice--error')?.textContent ?? '',
      { timeout: 10_000, polling: 50 },
    );
    const text = (await said.jsonValue()) as string;
    const name = /saved as (.+\.json)\./.exec(text)?.[1];
    if (!name) throw new Error(`Export did not say it saved a file: ${text}`);
    return name;
  }

  /** Picks `path` in the import field and waits until it is read: the summary shows, or the reason it was refused. */
  async pickFile(path: string): Promise<void> {
    await this.page.evaluate(() => {
      const box = document.querySelector('.settings-file__import')!;
      Reflect.set(window, '__importRead', false);
      // Read once the container leaves its `reading` state.
      const observer = new MutationObserver((records) => {
        if (!records.some((record) => record.oldValue === 'reading')) return;
        Reflect.set(window, '__importRead', true);
        observer.disconnect();
      });
      observer.observe(box, { attributes: true, attributeFilter: ['data-state'], attributeOldValue: true });
    });
    const input = (await this.page.waitForSelector('#settings-import-file')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path);
    await this.page.waitForFunction(() => Reflect.get(window, '__importRead') === true, { timeout: 10_000, polling: 50 });
  }

  parts(): Promise<ShownPart[]> {
    return this.page.$$eval('.settings-file__part', (nodes) =>
      nodes.map((node) => ({
        part: node.getAttribute('data-part') ?? '',
        state: node.getAttribute('data-state') ?? '',
        text: node.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      })),
    );
  }

  heading(): Promise<string> {
    return this.text('#settings-import-heading');
  }

  /** The import part's notice (the refusal, or the outcome of Apply / Cancel). */
  importNotice(): Promise<string> {
    return this.text('.settings-file__import .notice');
  }

  async apply(): Promise<string> {
    await (await this.page.waitForSelector('#settings-import-apply'))!.click();
    await this.page.waitForFunction(() => document.querySelector('.settings-file__import .notice')?.textContent?.includes('imported'), {
      timeout: 10_000,
      polling: 50,
    });
    return this.importNotice();
  }

  async cancel(): Promise<string> {
    await (await this.page.waitForSelector('#settings-import-cancel'))!.click();
    return this.importNotice();
  }
}
