import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api/errors';
import { dispatch, isOwnPage, registerMessageRouter, type Handlers, type PageSender } from '@/lib/background/router';

const own = (path: string) => `chrome-extension://${fakeBrowser.runtime.id}${path}`;

describe('which senders the background answers', () => {
  beforeEach(() => fakeBrowser.reset());

  it.each([
    ['the popup', { id: fakeBrowser.runtime.id, url: own('/popup.html') }, true],
    ['the options page', { id: fakeBrowser.runtime.id, url: own('/options.html#reports') }, true],
    ['the report view', { id: fakeBrowser.runtime.id, url: own('/report.html?id=12&tab=3') }, true],
    ['a web page in a tab the report view outlined', { id: fakeBrowser.runtime.id, url: 'http://127.0.0.1:8080/page', tab: { id: 3 } }, false],
    ['a content script on a web page', { id: fakeBrowser.runtime.id, url: 'https://example.com/', tab: { id: 1 } }, false],
    ['another extension', { id: 'someone-else', url: 'chrome-extension://someone-else/popup.html' }, false],
    ['an unknown page of ours', { id: fakeBrowser.runtime.id, url: own('/other.html') }, false],
    ['a sender without a url', { id: fakeBrowser.runtime.id }, false],
  ])('%s → %s', (_name, sender, expected) => {
    expect(isOwnPage(sender as never)).toBe(expected);
  });
});

describe('dispatching a message', () => {
  const handlers = {
    getSettings: async () => ({ baseUrl: null, keySet: false, keyHint: null, permissionGranted: false }),
    deleteReport: async ({ id }: { id: number }) => ({ id, deleted: true }),
  } as unknown as Handlers;

  it('answers a well-formed message with the handler’s value', async () => {
    await expect(dispatch(handlers, { type: 'deleteReport', payload: { id: 7 } })).resolves.toEqual({
      ok: true,
      value: { id: 7, deleted: true },
    });
  });

  it.each([
    ['an unknown type', { type: 'dropTables', payload: {} }],
    ['a payload of the wrong shape', { type: 'deleteReport', payload: { id: 'seven' } }],
    ['a negative id', { type: 'deleteReport', payload: { id: -1 } }],
    ['no envelope at all', 'deleteReport'],
  ])('refuses %s with a plain-words error', async (_name, message) => {
    const reply = await dispatch(handlers, message);
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.error.kind).toBe('extension');
    expect(reply.error.message).toMatch(/extension/i);
  });

  it('sends a failure to the page in words, and keeps the service’s answer (detail) in the background', async () => {
    const failing = {
      deleteReport: async () => {
        throw new ApiError({
          kind: 'server-error',
          message: 'The service ran into a problem.',
          status: 500,
          detail: 'DELETE /reports/7 → 500: stack trace…',
        });
      },
    } as unknown as Handlers;
    const reply = await dispatch(failing, { type: 'deleteReport', payload: { id: 7 } });
    expect(reply).toEqual({ ok: false, error: { kind: 'server-error', message: 'The service ran into a problem.', status: 500 } });
  });
});

describe('the sending page’s tab', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reaches the handler as the browser names it, so what a report view holds is kept for its own tab', async () => {
    const heard: PageSender[] = [];
    registerMessageRouter({
      giveBackSitePermission: async (_: unknown, from: PageSender) => {
        heard.push(from);
        return null;
      },
    } as unknown as Handlers);
    const message = { type: 'giveBackSitePermission', payload: {} };
    await fakeBrowser.runtime.onMessage.trigger(
      message,
      { id: fakeBrowser.runtime.id, url: own('/report.html?id=3'), tab: { id: 9 } as never },
      () => undefined,
    );
    await fakeBrowser.runtime.onMessage.trigger(message, { id: fakeBrowser.runtime.id, url: own('/popup.html') }, () => undefined);
    expect(heard).toEqual([{ tabId: 9 }, { tabId: undefined }]);
  });
});

describe('answering through the browser', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps the channel open for an own page and answers it through sendResponse; a foreign sender gets no answer', async () => {
    registerMessageRouter({ deleteReport: async ({ id }: { id: number }) => ({ id, deleted: true }) } as unknown as Handlers);
    const answers: unknown[] = [];
    const message = { type: 'deleteReport', payload: { id: 4 } };
    const ownReturned = await fakeBrowser.runtime.onMessage.trigger(
      message,
      { id: fakeBrowser.runtime.id, url: own('/options.html') },
      (reply: unknown) => answers.push(['own', reply]),
    );
    const foreignReturned = await fakeBrowser.runtime.onMessage.trigger(
      message,
      { id: 'someone-else', url: 'https://example.com/' },
      (reply: unknown) => answers.push(['foreign', reply]),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ownReturned).toEqual([true]);
    expect(foreignReturned).toEqual([undefined]);
    expect(answers).toEqual([['own', { ok: true, value: { id: 4, deleted: true } }]]);
  });
});
