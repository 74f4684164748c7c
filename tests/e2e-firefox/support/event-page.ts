import type { ChromeScope } from './chrome-scope.ts';

/**
 * Firefox runs the extension's background as an event page (`background.scripts`), which it
 * unloads after `extensions.background.idle.timeout` (30 s) without events or extension API
 * calls, and loads again for the next event: a message, a menu click, a notification click.
 */
export interface EventPage {
  /** 'running', 'suspending', 'stopped' or 'starting'. */
  state(): Promise<string>;
  /** Unloads it now, as the idle timer does, even with work pending (as an extension process crash would). */
  unload(): Promise<void>;
  /** Shortens the idle time (Firefox's own setting; at least 100 ms) until `restoreIdleTime`. */
  setIdleTime(ms: number): Promise<void>;
  restoreIdleTime(): Promise<void>;
  /** Waits until Firefox itself unloads it. */
  waitUntilUnloaded(timeoutMs?: number): Promise<void>;
}

export function eventPage(chrome: ChromeScope, extensionId: string): EventPage {
  const state = () =>
    chrome.run((c, id) => {
      const policy = c.WebExtensionPolicy.getByID(id);
      if (!policy) throw new Error(`${id} is not installed`);
      return policy.extension.backgroundState;
    }, extensionId);
  const waitUntilUnloaded = async (timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while ((await state()) !== 'stopped') {
      if (Date.now() > deadline) throw new Error(`The event page was still ${await state()} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    state,
    async unload() {
      await chrome.run(async (c, id) => {
        const extension = c.WebExtensionPolicy.getByID(id)?.extension;
        if (extension?.backgroundState === 'running')
          await extension.terminateBackground({ ignoreDevToolsAttached: true, disableResetIdleForTest: true });
      }, extensionId);
      await waitUntilUnloaded();
    },
    async setIdleTime(ms) {
      await chrome.run((c, value) => c.Services.prefs.setIntPref('extensions.background.idle.timeout', value), ms);
    },
    async restoreIdleTime() {
      await chrome.run((c) => c.Services.prefs.clearUserPref('extensions.background.idle.timeout'));
    },
    waitUntilUnloaded,
  };
}
