import { browser, type Browser } from 'wxt/browser';
import { ApiError, asApiError } from '@/lib/api/errors';
import type { MessageType, Reply, RequestOf, ResponseOf, StateChange, StateChangedMessage } from '@/lib/protocol';
import { t } from '@/lib/shared/i18n';

let pageService: string | null | undefined;

/** The service the page's later messages name when they name none (undefined: the default). */
export function sendForService(service: string | undefined): void {
  pageService = service;
}

/** The service this page's messages name (undefined: the default), for the links it makes. */
export function namedService(): string | undefined {
  return pageService ?? undefined;
}

/**
 * The pages' side of the protocol (lib/protocol.ts): send one message, get
 * its answer or the typed error whose message is ready to show to the user;
 * and hear when the background says a setting changed.
 */
export async function sendToBackground<T extends MessageType>(type: T, payload: RequestOf<T>, service = pageService): Promise<ResponseOf<T>> {
  let reply: Reply<ResponseOf<T>> | undefined;
  try {
    reply = (await browser.runtime.sendMessage(service ? { type, payload, service } : { type, payload })) as Reply<ResponseOf<T>> | undefined;
  } catch (error) {
    throw asApiError(error, t('errorNoBackground'));
  }
  if (!reply) {
    throw new ApiError({ kind: 'extension', message: t('errorNoAnswer') });
  }
  if (!reply.ok) throw ApiError.fromJSON(reply.error);
  return reply.value;
}

function isSettingsChanged(message: unknown): message is StateChangedMessage {
  return typeof message === 'object' && message !== null && 'type' in message && message.type === 'stateChanged';
}

/** Calls back when the background says a setting changed; only the extension itself is listened to. */
export function onStateChanged(callback: (change: StateChange) => void): () => void {
  const listener = (message: unknown, sender: Browser.runtime.MessageSender) => {
    if (sender.id === browser.runtime.id && !sender.tab && isSettingsChanged(message)) callback(message.change);
    return undefined;
  };
  browser.runtime.onMessage.addListener(listener);
  return () => browser.runtime.onMessage.removeListener(listener);
}
