import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import type { MessageType, Reply, RequestOf, ResponseOf } from '@/lib/protocol';

/**
 * The pages' side of the protocol: send one message, get its answer or the
 * typed error whose message is ready to show to the user.
 */
export async function send<T extends MessageType>(type: T, payload: RequestOf<T>): Promise<ResponseOf<T>> {
  let reply: Reply<ResponseOf<T>> | undefined;
  try {
    reply = (await browser.runtime.sendMessage({ type, payload })) as Reply<ResponseOf<T>> | undefined;
  } catch (error) {
    throw new ApiError({
      kind: 'extension',
      message: 'The extension could not reach its background. Close this page and try again.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  if (!reply) {
    throw new ApiError({ kind: 'extension', message: 'The extension did not answer. Close this page and try again.' });
  }
  if (!reply.ok) throw ApiError.fromJSON(reply.error);
  return reply.value;
}
