import { describe, expect, it } from 'vitest';
import type { CachedPage, ListedReport, PageState } from '@/lib/protocol';
import { initialPopupState, popupReducer, type PopupAction, type PopupState } from '@/lib/popup/popup-state';
import { connectedSettings } from '../support/settings';

const PAGE = 'https://example.com/blog';

const settings = connectedSettings();

const report = (id: number, day: number): ListedReport => ({
  id,
  url: 'example.com/blog',
  project: 'example.com',
  score: 70,
  label: 'decent',
  privacy: 0,
  hasPassword: false,
  generatedAt: `2026-03-${String(day).padStart(2, '0')}T12:00:00.000Z`,
  createdAt: null,
  updatedAt: null,
  checks: null,
  summary: null,
});

const cached = (over: Partial<CachedPage> = {}): PopupAction => ({
  type: 'cached',
  page: { url: PAGE, settings, reports: [report(1, 1), report(2, 2)], at: 1, ...over },
});
const loaded = (over: Partial<PageState> = {}): PopupAction => ({
  type: 'loaded',
  page: { settings, job: null, reports: [report(1, 1)], reportsError: null, queued: null, ...over },
});
const error = { kind: 'network' as const, message: 'The service could not be reached.' };
const run = (...actions: PopupAction[]): PopupState => actions.reduce(popupReducer, { ...initialPopupState });
const ids = (state: PopupState) => (state.phase === 'ready' ? state.reports.map((r) => r.id) : null);

describe('the popup drawn from what the last popup on the page showed', () => {
  it('shows the kept reports, newest first, at once, marked as not yet confirmed', () => {
    const state = run({ type: 'tab', url: PAGE }, cached());
    expect(state).toMatchObject({ phase: 'ready', address: PAGE, settings, job: null, fresh: false });
    expect(ids(state)).toEqual([2, 1]);
  });

  it('replaces them with what the service answers', () => {
    const state = run({ type: 'tab', url: PAGE }, cached(), loaded());
    expect(state).toMatchObject({ phase: 'ready', fresh: true });
    expect(ids(state)).toEqual([1]);
  });

  it('ignores the cache once the service has answered, or when it is of another page', () => {
    expect(ids(run({ type: 'tab', url: PAGE }, loaded(), cached()))).toEqual([1]);
    expect(run({ type: 'tab', url: PAGE }, cached({ url: 'https://example.com/other' }))).toEqual({ phase: 'loading', address: PAGE });
  });

  it('keeps a report asked for from the cached view when the answer knew nothing of it yet', () => {
    const done = { url: PAGE, state: 'done' as const, startedAt: 5, report: report(9, 9) };
    const running = run({ type: 'tab', url: PAGE }, cached(), { type: 'started', privacy: 2, startedAt: 5 }, loaded());
    expect(running).toMatchObject({ fresh: true, job: { state: 'running', privacy: 2 } });
    const finished = run(
      { type: 'tab', url: PAGE },
      cached(),
      { type: 'started', privacy: 0, startedAt: 5 },
      { type: 'settled', job: done },
      loaded(),
    );
    expect(finished).toMatchObject({ job: done });
    expect(ids(finished)).toEqual([9, 1]);
  });

  it('takes the job the background holds over its own when the answer has one', () => {
    const failed = { url: PAGE, state: 'failed' as const, startedAt: 5, error };
    expect(run({ type: 'tab', url: PAGE }, cached(), { type: 'started', privacy: 0, startedAt: 5 }, loaded({ job: failed }))).toMatchObject({
      job: failed,
    });
  });

  it('says why when the page state cannot be read after all, as without a cache', () => {
    expect(run({ type: 'tab', url: PAGE }, cached(), { type: 'loadFailed', error })).toEqual({ phase: 'failed', address: PAGE, error });
  });

  it('keeps a report in progress in view when the refresh fails, and says the list could not be read', () => {
    const state = run({ type: 'tab', url: PAGE }, cached(), { type: 'started', privacy: 0, startedAt: 5 }, { type: 'loadFailed', error });
    expect(state).toMatchObject({ phase: 'ready', fresh: true, reportsError: error, job: { state: 'running' } });
  });

  it('ignores a late failure once the service has answered', () => {
    expect(run({ type: 'tab', url: PAGE }, cached(), loaded(), { type: 'loadFailed', error })).toMatchObject({
      phase: 'ready',
      fresh: true,
      reportsError: null,
    });
  });
});
