import { browser } from 'wxt/browser';
import type { RequestOf } from '@/lib/protocol';
import type { EarlyAsk } from '@/lib/pages/send-to-background';

/**
 * The popup's first question, sent by a classic script in popup/index.html's head: while the popup's modules load,
 * a worker asleep after a while away is already waking to answer. main.tsx reads the answer with `answerOf`.
 */
export default defineUnlistedScript(() => {
  const payload: RequestOf<'getPopupStart'> = {};
  const ask: EarlyAsk = { type: 'getPopupStart', sent: browser.runtime.sendMessage({ type: 'getPopupStart', payload }) };
  Object.assign(globalThis, { popupAsk: ask });
});
