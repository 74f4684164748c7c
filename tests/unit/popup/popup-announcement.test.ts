import { describe, expect, it } from 'vitest';
import type { Job, ListedReport, QueuedReport } from '@/lib/protocol';
import type { PopupState } from '@/lib/popup/popup-state';
import { popupAnnouncement } from '@/lib/popup/popup-announcement';
import { connectedSettings } from '../support/settings';

const URL = 'https://example.com/page';

const report = (over: Partial<ListedReport> = {}): ListedReport => ({
  id: 7,
  url: 'example.com/page',
  project: 'example.com',
  score: 86.6,
  label: 'good',
  privacy: 1,
  hasPassword: false,
  generatedAt: '2026-03-10T12:00:00.000Z',
  createdAt: '2026-03-10T12:00:00.000Z',
  updatedAt: null,
  checks: null,
  summary: null,
  ...over,
});

const running: Job = { url: URL, state: 'running', startedAt: 1000, privacy: 1 };
const done = (over: Partial<ListedReport> = {}): Job => ({ url: URL, state: 'done', startedAt: 1000, report: report(over) });
const failed: Job = { url: URL, state: 'failed', startedAt: 1000, error: { kind: 'network', message: 'The report service could not be reached.' } };
const queued = { url: URL } as QueuedReport;

const ready = (job: Job | null, waiting: QueuedReport | null = null): PopupState => ({
  phase: 'ready',
  address: URL,
  settings: connectedSettings(),
  reports: [],
  reportsError: null,
  job,
  queued: waiting,
  fresh: true,
});

describe('what the popup’s live region says', () => {
  it.each([
    ['a report started', ready(null), ready(running), 'Reporting example.com/page…'],
    ['a report ready, its score rounded', ready(running), ready(done()), 'Report ready: score 87. Private.'],
    ['a password-protected report ready', ready(running), ready(done({ privacy: 2 })), 'Report ready: score 87. Password-protected.'],
    ['a report ready without a score', ready(running), ready(done({ score: null, label: null })), 'Report ready, without a score. Private.'],
    ['a report failed, in the failure’s words', ready(running), ready(failed), 'The report failed: The report service could not be reached.'],
    ['a failed report queued', ready(failed), ready(null, queued), 'The report waits for the service: it will be made when the service is back.'],
    ['a new run of the same page after a failure', ready(failed), ready({ ...running, startedAt: 2000 }), 'Reporting example.com/page…'],
    [
      'a report started while the last popup’s view still shows',
      { ...ready(null), fresh: false },
      { ...ready(running), fresh: false },
      'Reporting example.com/page…',
    ],
  ] as const)('%s', (_case, before, after, words) => {
    expect(popupAnnouncement(before, after)).toBe(words);
  });

  it.each([
    ['the same job seen again (the page state read afresh)', ready(running), { ...ready(running), fresh: false }],
    ['a result dismissed', ready(done()), ready(null)],
    ['still queued', ready(null, queued), ready(null, queued)],
    ['the popup still loading', ready(null), { phase: 'loading', address: URL } as PopupState],
    ['a report running, found as the popup opens', { phase: 'loading', address: URL } as PopupState, ready(running)],
    ['a report made while the popup was closed, found on opening', { ...ready(null), fresh: false }, ready(done())],
    ['a report queued while the popup was closed, found on opening', { ...ready(null), fresh: false }, ready(null, queued)],
  ] as const)('nothing for %s', (_case, before, after) => {
    expect(popupAnnouncement(before, after)).toBeNull();
  });
});
