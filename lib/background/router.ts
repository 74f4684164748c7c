import { browser, type Browser } from 'wxt/browser';
import { ApiError, asApiError, errorForPages } from '@/lib/api/errors';
import { envelope, requests, type MessageType, type ParsedRequestOf, type Reply, type ResponseOf } from '@/lib/protocol';
import { t } from '@/lib/shared/i18n';

/** Who sent a message, as the browser says: the tab of the sending page, if it is in one. */
export interface PageSender {
  tabId?: number;
  /** The service the message is for, when it names one; else the default. */
  service?: string;
}

export type Handlers = { [T in MessageType]: (payload: ParsedRequestOf<T>, from?: PageSender) => Promise<ResponseOf<T>> };

const OWN_PAGES = ['/popup.html', '/options.html', '/report.html', '/site.html', '/plan.html', '/sidepanel.html'];

/** Only the extension's own pages may talk to the background (no content scripts, no other extensions, no web pages). */
export function isOwnPage(sender: Browser.runtime.MessageSender): boolean {
  if (sender.id !== browser.runtime.id || !sender.url) return false;
  const root = browser.runtime.getURL('/');
  if (!sender.url.startsWith(root)) return false;
  const path = new URL(sender.url).pathname;
  return OWN_PAGES.includes(path);
}

export async function dispatch(handlers: Handlers, message: unknown, from: PageSender = {}): Promise<Reply<unknown>> {
  try {
    const { type, payload, service } = envelope.parse(message);
    const parsed = requests[type].safeParse(payload ?? {});
    if (!parsed.success) {
      throw new ApiError({
        kind: 'extension',
        message: t('errorBadRequest'),
        detail: `${type}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.message}`).join('; ')}`,
      });
    }
    const handler = handlers[type] as (p: unknown, from: PageSender) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data, service === undefined ? from : { ...from, service }) };
  } catch (error) {
    return { ok: false, error: errorForPages(asApiError(error)) };
  }
}

export function registerMessageRouter(handlers: Handlers): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender, sendResponse: (reply: Reply<unknown>) => void) => {
    if (!isOwnPage(sender)) return undefined;
    void dispatch(handlers, message, { tabId: sender.tab?.id }).then(sendResponse);
    // The answer comes later: returning true keeps the channel open until sendResponse, in Chrome and Firefox alike.
    return true;
  });
}
