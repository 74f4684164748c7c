import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '@/lib/api/errors';
import { runBulkDelete, type BulkDeleteProgress, type DeleteTarget } from '@/lib/options/bulk-delete';
import { progressText, summaryHeadline } from '@/lib/options/bulk-delete';

const targets = (n: number): DeleteTarget[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, url: `example.com/page-${i + 1}` }));

const rateLimited = (retryAfterSeconds?: number) =>
  new ApiError({ kind: 'rate-limited', message: 'The service is busy. Wait a moment and try again.', status: 429, retryAfterSeconds });

const failure = (kind: ApiErrorKind, message: string) => new ApiError({ kind, message });

/** A service stand-in: answers per id from a script of errors, in order; no entry means deleted. */
function fakeService(script: Record<number, (Error | 'ok')[]> = {}) {
  const calls: number[] = [];
  const deleteOne = async (id: number) => {
    calls.push(id);
    const next = script[id]?.shift();
    if (next && next !== 'ok') throw next;
    return { id, deleted: true };
  };
  return { calls, deleteOne };
}

/** A clock that never really waits: it records what the run asked for. */
function fakeClock(onSleep?: () => void) {
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
    onSleep?.();
  };
  return { waits, sleep };
}

describe('bulk delete', () => {
  it('deletes every report in order and says so', async () => {
    const service = fakeService();
    const summary = await runBulkDelete(targets(3), { deleteOne: service.deleteOne, sleep: fakeClock().sleep });
    expect(service.calls).toEqual([1, 2, 3]);
    expect(summary).toMatchObject({ deleted: targets(3), failed: [], notTried: [], alreadyGone: [], cancelled: false });
    expect(summaryHeadline(summary)).toBe('Deleted 3 reports.');
  });

  it.each<[string, number | undefined, number]>([
    ['the wait the service names', 3, 3000],
    ['at least a second', 0, 1000],
    ['the default when none is named', undefined, 10_000],
    ['no more than two minutes', 3600, 120_000],
  ])('waits %s when still rate limited, then retries the same report', async (_, retryAfter, expectedMs) => {
    const service = fakeService({ 2: [rateLimited(retryAfter)] });
    const clock = fakeClock();
    const summary = await runBulkDelete(targets(3), { deleteOne: service.deleteOne, sleep: clock.sleep });
    expect(clock.waits).toEqual([expectedMs]);
    expect(service.calls).toEqual([1, 2, 2, 3]);
    expect(summary.deleted.map((t) => t.id)).toEqual([1, 2, 3]);
  });

  it('doubles the wait each time the service keeps refusing, then gives up on that report', async () => {
    const service = fakeService({ 2: Array.from({ length: 6 }, () => rateLimited(1)) });
    const clock = fakeClock();
    const summary = await runBulkDelete(targets(3), { deleteOne: service.deleteOne, sleep: clock.sleep });
    expect(clock.waits).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect(summary.failed.map((t) => t.id)).toEqual([2]);
    expect(summary.deleted.map((t) => t.id)).toEqual([1, 3]);
  });

  it('reports the wait while it lasts', async () => {
    const service = fakeService({ 2: [rateLimited(4)] });
    const seen: BulkDeleteProgress[] = [];
    await runBulkDelete(targets(2), { deleteOne: service.deleteOne, sleep: fakeClock().sleep, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.phase)).toEqual(['deleting', 'deleting', 'waiting', 'deleting']);
    const waiting = seen[2]!;
    expect(waiting).toMatchObject({ done: 1, total: 2, seconds: 4, current: { id: 2 } });
    expect(progressText(waiting)).toBe('1 of 2 done. The service asked to slow down: waiting 4 s before going on with example.com/page-2.');
  });

  it('counts a report as failed, with the reason, once it stays rate limited too long', async () => {
    const service = fakeService({ 1: Array.from({ length: 10 }, () => rateLimited(1)) });
    const summary = await runBulkDelete(targets(2), { deleteOne: service.deleteOne, sleep: fakeClock().sleep, maxWaitsPerReport: 3 });
    expect(service.calls).toEqual([1, 1, 1, 1, 2]);
    expect(summary.failed).toEqual([
      { id: 1, url: 'example.com/page-1', kind: 'rate-limited', reason: 'The service is busy. Wait a moment and try again.' },
    ]);
    expect(summary.deleted.map((t) => t.id)).toEqual([2]);
  });

  it.each<[ApiErrorKind, string]>([
    ['server-error', 'An unexpected error has occurred, please try again.'],
    ['forbidden', 'This action is unauthorized.'],
    ['network', 'The report service could not be reached.'],
    ['timeout', 'The report service took too long to answer.'],
  ])('records a %s failure with its words and goes on', async (kind, message) => {
    const service = fakeService({ 2: [failure(kind, message)] });
    const summary = await runBulkDelete(targets(3), { deleteOne: service.deleteOne, sleep: fakeClock().sleep });
    expect(summary.failed).toEqual([{ id: 2, url: 'example.com/page-2', kind, reason: message }]);
    expect(summary.deleted.map((t) => t.id)).toEqual([1, 3]);
    expect(summaryHeadline(summary)).toBe('Deleted 2 reports. 1 report could not be deleted.');
  });

  it('counts a report that is already gone as removed, not failed', async () => {
    const service = fakeService({ 1: [failure('not-found', 'Resource not found.')] });
    const summary = await runBulkDelete(targets(2), { deleteOne: service.deleteOne, sleep: fakeClock().sleep });
    expect(summary.alreadyGone.map((t) => t.id)).toEqual([1]);
    expect(summary.failed).toEqual([]);
    expect(summaryHeadline(summary)).toBe('Deleted 2 reports. 1 of them was already gone.');
  });

  it.each<[ApiErrorKind, string]>([
    ['unauthorized', 'The API key was refused.'],
    ['permission-missing', 'The browser no longer lets the extension reach the service.'],
    ['not-connected', 'The extension is not connected to a report service yet.'],
  ])('stops at a %s failure, which would repeat for every report left', async (kind, message) => {
    const service = fakeService({ 2: [failure(kind, message)] });
    const summary = await runBulkDelete(targets(4), { deleteOne: service.deleteOne, sleep: fakeClock().sleep });
    expect(service.calls).toEqual([1, 2]);
    expect(summary).toMatchObject({ stopReason: message, cancelled: false });
    expect(summary.failed.map((t) => t.id)).toEqual([2]);
    expect(summary.notTried.map((t) => t.id)).toEqual([3, 4]);
    expect(summaryHeadline(summary)).toBe('Deleted 1 report. 1 report could not be deleted. 2 reports left as they were because the run stopped.');
  });

  it('turns an unexpected error into plain words', async () => {
    const service = fakeService({ 1: [new TypeError('x is undefined')] });
    const summary = await runBulkDelete(targets(1), { deleteOne: service.deleteOne, sleep: fakeClock().sleep });
    expect(summary.failed[0]).toMatchObject({ kind: 'extension', reason: 'Something went wrong inside the extension. Try again.' });
  });
});

describe('cancelling a bulk delete', () => {
  it('finishes the report under way and tries no other', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const deleteOne = async (id: number) => {
      calls.push(id);
      if (id === 2) controller.abort();
    };
    const summary = await runBulkDelete(targets(5), { deleteOne, sleep: fakeClock().sleep, signal: controller.signal });
    expect(calls).toEqual([1, 2]);
    expect(summary).toMatchObject({ cancelled: true, stopReason: null });
    expect(summary.deleted.map((t) => t.id)).toEqual([1, 2]);
    expect(summary.notTried.map((t) => t.id)).toEqual([3, 4, 5]);
    expect(summaryHeadline(summary)).toBe('Deleted 2 reports. 3 reports left as they were because you cancelled.');
  });

  it('stops during a rate-limit wait without retrying', async () => {
    const controller = new AbortController();
    const service = fakeService({ 2: [rateLimited(30)] });
    const clock = fakeClock(() => controller.abort());
    const summary = await runBulkDelete(targets(3), { deleteOne: service.deleteOne, sleep: clock.sleep, signal: controller.signal });
    expect(service.calls).toEqual([1, 2]);
    expect(summary.notTried.map((t) => t.id)).toEqual([2, 3]);
    expect(summary.cancelled).toBe(true);
  });

  it('does nothing when cancelled before it starts', async () => {
    const controller = new AbortController();
    controller.abort();
    const service = fakeService();
    const summary = await runBulkDelete(targets(2), { deleteOne: service.deleteOne, signal: controller.signal });
    expect(service.calls).toEqual([]);
    expect(summaryHeadline(summary)).toBe('No report was deleted. 2 reports left as they were because you cancelled.');
  });

  it('is not called cancelled when the last report was under way', async () => {
    const controller = new AbortController();
    const deleteOne = async () => controller.abort();
    const summary = await runBulkDelete(targets(1), { deleteOne, signal: controller.signal });
    expect(summary).toMatchObject({ cancelled: false, notTried: [] });
  });
});
