import { describe, expect, it } from 'vitest';
import type { ListedReport, PageState } from '@/lib/protocol';
import { initialPopupState, popupNeed, popupReducer, type PopupAction, type PopupState } from '@/lib/popup/popup-state';
import { newestFirst } from '@/lib/shared/report-order';
import { t } from '@/lib/shared/i18n';
import { connectedSettings } from '../support/settings';

const PAGE = 'https://example.com/blog';

const settings = connectedSettings;

const report = (id: number, url = 'example.com/blog'): ListedReport => ({
  id,
  url,
  project: 'example.com',
  score: 82,
  label: 'good',
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-03-10T12:00:00.000Z',
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: null,
  checks: null,
  summary: null,
});

const page = (over: Partial<PageState> = {}): PageState => ({
  settings: settings(),
  job: null,
  reports: [],
  reportsError: null,
  queued: null,
  ...over,
});

const run = (...actions: PopupAction[]): PopupState => actions.reduce(popupReducer, initialPopupState);

describe('the popup, from opening to a report', () => {
  it.each([
    ['chrome://settings', "This is one of the browser's own pages. Only web pages (http or https) can be reported."],
    ['', 'This tab has no page open yet.'],
    ['https://chromewebstore.google.com/detail/x', "Browser store pages can't be reported: the browser keeps extensions away from them."],
  ])('a tab on "%s" cannot be reported', (url, reason) => {
    expect(run({ type: 'tab', url })).toEqual({ phase: 'unsupported', address: url || null, reason, settings: null });
  });

  it('takes an address of up to 2,048 characters, the most the service takes, and says why a longer one cannot be reported', () => {
    const at = (length: number) => `${PAGE}?q=${'x'.repeat(length - PAGE.length - 3)}`;
    expect(at(2048)).toHaveLength(2048);
    expect(run({ type: 'tab', url: at(2048) })).toMatchObject({ phase: 'loading', address: at(2048) });
    expect(run({ type: 'tab', url: at(2049) })).toMatchObject({
      phase: 'unsupported',
      reason: "This page's address is too long to report: the service takes addresses of up to 2,048 characters.",
    });
    // The part after # is never sent, so it does not count.
    expect(run({ type: 'tab', url: `${at(2048)}#${'y'.repeat(100)}` })).toMatchObject({ phase: 'loading', address: at(2048) });
  });

  it('says so when the browser keeps the address of the tab from the extension', () => {
    expect(run({ type: 'tab', url: undefined, found: true })).toMatchObject({ phase: 'unsupported', reason: t('popHidden') });
  });

  it('learns on an unsupported page whether the extension is connected', () => {
    const state = run({ type: 'tab', url: 'about:blank' }, { type: 'settings', settings: settings({ keySet: false }) });
    expect(state.phase === 'unsupported' && state.settings?.keySet).toBe(false);
  });

  it('shows the address at once, without its fragment, while the page state loads', () => {
    expect(run({ type: 'tab', url: `${PAGE}#comments` })).toEqual({ phase: 'loading', address: PAGE });
  });

  it('is ready once the page state arrives, with the job the background holds', () => {
    const job = { url: PAGE, state: 'running' as const, startedAt: 5, privacy: 0 as const };
    const state = run({ type: 'tab', url: PAGE }, { type: 'loaded', page: page({ job, reports: [report(2)] }) });
    expect(state).toMatchObject({ phase: 'ready', address: PAGE, job, reports: [report(2)] });
  });

  it('says why when the page state cannot be read', () => {
    const error = { kind: 'extension' as const, message: 'The extension did not answer.' };
    expect(run({ type: 'tab', url: PAGE }, { type: 'loadFailed', error })).toEqual({ phase: 'failed', address: PAGE, error });
  });

  it('lists reports by the date they were made, newest first, then by id', () => {
    const dated = (id: number, generatedAt: string | null) => ({ ...report(id), generatedAt, createdAt: null });
    const list = [dated(1, '2026-03-01T00:00:00Z'), dated(2, '2026-01-01T00:00:00Z'), dated(3, '2026-03-01T00:00:00Z'), dated(4, null)];
    expect(newestFirst(list).map((r) => r.id)).toEqual([3, 1, 2, 4]);
  });

  it('adds a report just made to the top of the list, once', () => {
    const done = { url: PAGE, state: 'done' as const, startedAt: 5, report: report(9) };
    const state = run(
      { type: 'tab', url: PAGE },
      { type: 'loaded', page: page({ reports: [report(2)] }) },
      { type: 'started', privacy: 0, startedAt: 5 },
      { type: 'settled', job: done },
      { type: 'settled', job: done },
    );
    expect(state.phase === 'ready' && state.reports.map((r) => r.id)).toEqual([9, 2]);
  });

  it('leaves out of the list a report whose address ended elsewhere (a redirect)', () => {
    const done = { url: PAGE, state: 'done' as const, startedAt: 5, report: report(9, 'example.org/blog') };
    const state = run({ type: 'tab', url: PAGE }, { type: 'loaded', page: page() }, { type: 'settled', job: done });
    expect(state.phase === 'ready' && state.reports).toEqual([]);
  });

  it('goes back to the form when the outcome is dismissed', () => {
    const failed = { url: PAGE, state: 'failed' as const, startedAt: 5, error: { kind: 'network' as const, message: 'Unreachable.' } };
    const state = run({ type: 'tab', url: PAGE }, { type: 'loaded', page: page({ job: failed }) }, { type: 'dismissed' });
    expect(state.phase === 'ready' && state.job).toBeNull();
  });

  it('ignores a job outcome that arrives before the page state', () => {
    const state = run({ type: 'tab', url: PAGE }, { type: 'settled', job: null });
    expect(state).toEqual({ phase: 'loading', address: PAGE });
  });
});

describe('what must happen before a report can be made', () => {
  it.each([
    ['no address', settings({ baseUrl: null, keySet: false }), 'connect'],
    ['an address but the key forgotten', settings({ keySet: false, keyHint: null }), 'connect'],
    ['connected, permission taken back', settings({ permissionGranted: false }), 'permission'],
    ['connected with access', settings(), null],
  ] as const)('%s → %s', (_case, view, need) => {
    expect(popupNeed(view)).toBe(need);
  });
});
