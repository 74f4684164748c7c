import { describe, expect, it } from 'vitest';
import type { PopupState } from '@/lib/popup/popup-state';
import type { SettingsView } from '@/lib/protocol';
import {
  FailureNotice,
  JobProgress,
  JobResult,
  NeedsConnection,
  NeedsPermission,
  PasswordField,
  QueuedNotice,
  screensFor,
} from '@/components/popup/lazy-screens';

const settings = (change: Partial<SettingsView> = {}) =>
  ({ baseUrl: 'https://reports.example.com', keySet: true, permissionGranted: true, keyForSessionOnly: false, ...change }) as SettingsView;

const ready = (change: Partial<Extract<PopupState, { phase: 'ready' }>> = {}): PopupState => ({
  phase: 'ready',
  address: 'https://example.com/',
  settings: settings(),
  reports: [],
  reportsError: null,
  job: null,
  queued: null,
  fresh: true,
  ...change,
});

const failed = { url: 'https://example.com/', state: 'failed', startedAt: 1, error: { kind: 'network', message: 'Could not reach it' } } as const;

describe('the popup’s screens loaded only when it shows them', () => {
  it.each([
    ['opening', { phase: 'starting' } as PopupState, 1, []],
    ['the usual first frame: address, form, the page’s reports', ready(), 1, []],
    ['not connected', ready({ settings: settings({ keySet: false }) }), 1, [NeedsConnection]],
    ['access taken back', ready({ settings: settings({ permissionGranted: false }) }), 1, [NeedsPermission]],
    [
      'on a page that cannot be reported, not connected',
      { phase: 'unsupported', address: null, reason: 'x', settings: settings({ baseUrl: null }) },
      1,
      [NeedsConnection],
    ],
    ['a report running', ready({ job: { url: 'https://example.com/', state: 'running', startedAt: 1, privacy: 1 } }), 1, [JobProgress]],
    ['a report failed', ready({ job: failed as never }), 1, [FailureNotice]],
    ['queued for the service', ready({ queued: { url: 'https://example.com/' } as never }), 1, [QueuedNotice]],
    ['Password chosen', ready(), 2, [PasswordField]],
    ['a report failed with Password chosen', ready({ job: failed as never }), 2, [FailureNotice, PasswordField]],
  ] as const)('%s', (_, state, privacy, screens) => {
    expect(screensFor(state, privacy)).toEqual(screens);
  });

  it('a report made: its result, not the form’s password field', () => {
    const done = ready({ job: { url: 'https://example.com/', state: 'done', startedAt: 1, report: {} as never } });
    expect(screensFor(done, 2)).toEqual([JobResult]);
  });
});
