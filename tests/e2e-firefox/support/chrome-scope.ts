import type { Browser } from 'puppeteer-core';
import type { ChromeGlobals } from './chrome-globals.ts';

/**
 * Firefox's own window (browser.xhtml, the "chrome"), reached over WebDriver BiDi: what a
 * user sees around the pages — tabs, the toolbar button, the permission prompt, the
 * right-click menu, notifications, about:addons — and the privileged code behind it.
 * Needs `--remote-allow-system-access` at launch.
 *
 *   const url = await chrome.run((c) => c.gBrowser.selectedBrowser.currentURI.spec);
 *
 * `fn` is sent as source text and run in the chrome window with its globals as `c`; its
 * arguments and result travel as JSON. It sees nothing of the test's own closure.
 */
export class ChromeScope {
  private constructor(
    private readonly bidi: BidiSend,
    private readonly context: string,
  ) {}

  static async of(browser: Browser): Promise<ChromeScope> {
    const bidi = bidiSend(browser);
    const { result } = await bidi('browsingContext.getTree', { 'moz:scope': 'chrome' });
    const context = readTree(result).find((c) => c.url === 'chrome://browser/content/browser.xhtml')?.context;
    if (!context) throw new Error('No Firefox window in the chrome scope: was Firefox started with --remote-allow-system-access?');
    return new ChromeScope(bidi, context);
  }

  async run<R, A extends unknown[]>(fn: (c: ChromeGlobals, ...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>> {
    // The names are resolved in the chrome window itself: some are globals of its scripts, not properties of `window`.
    const expression = `(async () => {
      globalThis.__e2eEvents ??= (() => {
        const scope = { window, parent: window, _EU_Ci: Ci, _EU_Cc: Cc };
        Services.scriptloader.loadSubScript('chrome://remote/content/external/EventUtils.js', scope);
        return scope;
      })();
      const c = { window, document, gBrowser, gURLBar, gUnifiedExtensions, Services, ChromeUtils, WebExtensionPolicy, CustomizableUI, events: globalThis.__e2eEvents };
      return JSON.stringify({ value: await (${fn.toString()})(c, ...${JSON.stringify(args)}) });
    })()`;
    const { result } = await this.bidi('script.evaluate', {
      expression,
      target: { context: this.context },
      awaitPromise: true,
      resultOwnership: 'none',
    });
    // Wrapped in an object, so that `undefined` comes back too.
    const { value } = JSON.parse(readEvaluation(result));
    return value;
  }

  /** Polls `fn` in the chrome window until it answers something truthy. */
  async waitFor<R, A extends unknown[]>(
    what: string,
    fn: (c: ChromeGlobals, ...args: A) => R,
    args: A,
    timeoutMs = 10_000,
  ): Promise<NonNullable<Awaited<R>>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await this.run(fn, ...args);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

type BidiSend = (method: string, params: object) => Promise<{ result: unknown }>;

/** puppeteer's own BiDi connection: its typed `send` knows only the standard commands, not Firefox's `moz:` ones. */
function bidiSend(browser: Browser): BidiSend {
  const connection: unknown = Reflect.get(browser, 'connection');
  const send: unknown = typeof connection === 'object' && connection !== null ? Reflect.get(connection, 'send') : undefined;
  if (typeof send !== 'function') throw new Error('This browser was not started over WebDriver BiDi (launch Firefox with puppeteer).');
  return (method, params) => Reflect.apply(send, connection, [method, params]);
}

function readTree(result: unknown): { context: string; url: string }[] {
  const contexts: unknown = typeof result === 'object' && result !== null ? Reflect.get(result, 'contexts') : undefined;
  if (!Array.isArray(contexts)) return [];
  return contexts.flatMap((c: unknown) => {
    const context: unknown = typeof c === 'object' && c !== null ? Reflect.get(c, 'context') : undefined;
    const url: unknown = typeof c === 'object' && c !== null ? Reflect.get(c, 'url') : undefined;
    return typeof context === 'string' && typeof url === 'string' ? [{ context, url }] : [];
  });
}

/** The string a `script.evaluate` answered, or why it failed, in the chrome window's own words. */
function readEvaluation(result: unknown): string {
  const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined);
  if (field(result, 'type') === 'exception') {
    throw new Error(`In Firefox's chrome window: ${String(field(field(result, 'exceptionDetails'), 'text'))}`);
  }
  const value = field(field(result, 'result'), 'value');
  if (typeof value !== 'string') throw new Error(`Unexpected answer from Firefox's chrome window: ${JSON.stringify(result)}`);
  return value;
}
