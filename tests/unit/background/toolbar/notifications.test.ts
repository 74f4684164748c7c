import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Report } from '@/lib/api';
import type { ApiErrorKind } from '@/lib/api/errors';
import {
  failureNotification,
  registerNotifications,
  showNotification,
  successNotification,
  unreportableNotification,
} from '@/lib/background/toolbar/notifications';
import { installFakeToolbarApis, type FakeToolbarApis } from './fake-apis';

const report = (over: Partial<Report>): Report => ({
  id: 42,
  url: 'example.com/blog',
  project: 'example.com',
  score: 87,
  label: 'good',
  privacy: 1,
  hasPassword: false,
  generatedAt: null,
  createdAt: null,
  updatedAt: null,
  checks: null,
  ...over,
});

describe('what a notification says', () => {
  it.each([
    { score: 87, label: 'good', message: 'Score 87 – Good · example.com/blog' },
    { score: 60, label: 'decent', message: 'Score 60 – Decent · example.com/blog' },
    { score: 12, label: 'bad', message: 'Score 12 – Bad · example.com/blog' },
    { score: null, label: 'good', message: 'Good · example.com/blog' },
    { score: null, label: null, message: 'Report ready · example.com/blog' },
  ] as const)('a finished report with score $score reads "$message" and opens the report view', ({ score, label, message }) => {
    const content = successNotification(report({ score, label }));
    expect(content).toEqual({ title: 'Report created', message, action: { kind: 'report', id: 42 } });
  });

  it.each<[ApiErrorKind, 'options' | null]>([
    ['not-connected', 'options'],
    ['permission-missing', 'options'],
    ['unauthorized', 'options'],
    ['forbidden', 'options'],
    ['not-the-api', 'options'],
    ['invalid-address', 'options'],
    ['validation', null],
    ['quota-exceeded', null],
    ['rate-limited', null],
    ['server-error', null],
    ['network', null],
    ['timeout', null],
    ['interrupted', null],
  ])('a %s failure gives its reason as is, and a click leads to %s', (kind, leadsTo) => {
    const content = failureNotification({ kind, message: 'Plain words.' }, 'https://www.example.com/a?b=1#top');
    expect(content.title).toBe('Could not report example.com/a?b=1');
    expect(content.message.startsWith('Plain words.')).toBe(true);
    if (leadsTo === 'options') {
      expect(content.action).toEqual({ kind: 'options' });
      expect(content.message).toContain('Click here to open the options.');
    } else {
      expect(content.action).toBeNull();
      expect(content.message).toBe('Plain words.');
    }
  });

  it('a page that cannot be reported says why, and a click does nothing more', () => {
    expect(unreportableNotification('This page is a file on your computer.')).toEqual({
      title: "This page can't be reported",
      message: 'This page is a file on your computer.',
      action: null,
    });
  });
});

describe('clicking a notification', () => {
  let apis: FakeToolbarApis;
  beforeEach(() => {
    fakeBrowser.reset();
    apis = installFakeToolbarApis();
  });

  it('opens the report view of the report, even when the worker that showed it has stopped', async () => {
    const id = await showNotification(successNotification(report({})));
    expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toMatchObject({
      type: 'basic',
      title: 'Report created',
      iconUrl: expect.stringMatching(/\/notification-icon\.png$/),
    });

    // A fresh worker: nothing in memory, only what was kept in session storage.
    registerNotifications();
    await fakeBrowser.notifications.onClicked.trigger(id);
    const view = `chrome-extension://${fakeBrowser.runtime.id}/report.html?id=42`;
    await vi.waitFor(async () => expect((await fakeBrowser.tabs.query({})).map((tab) => tab.url)).toContain(view));
    await vi.waitFor(() => expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toBeUndefined());
  });

  it('opens the options when the fix is there', async () => {
    registerNotifications();
    const id = await showNotification(failureNotification({ kind: 'unauthorized', message: 'The key was refused.' }, 'https://example.com/'));
    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(() => expect(apis.optionsOpened()).toBe(1));
  });

  it('does nothing but close when there is nothing to fix', async () => {
    registerNotifications();
    const id = await showNotification(failureNotification({ kind: 'network', message: 'Offline.' }, 'https://example.com/'));
    const tabsBefore = (await fakeBrowser.tabs.query({})).length;
    await fakeBrowser.notifications.onClicked.trigger(id);
    await vi.waitFor(() => expect(fakeBrowser.notifications.getAllCreateOptions()[id]).toBeUndefined());
    expect((await fakeBrowser.tabs.query({})).length).toBe(tabsBefore);
    expect(apis.optionsOpened()).toBe(0);
  });
});
