import { describe, expect, it } from 'vitest';
import type { Report, ReportPage } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { createListLoader, type ListRequest, type ListState } from '@/lib/options/list-loader';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';

const report = (id: number, url = `example.com/page-${id}`): Report => ({
  id,
  url,
  project: 'example.com',
  score: 90,
  label: 'good',
  privacy: 0,
  hasPassword: false,
  generatedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  checks: null,
});

const pageOf = (ids: number[], o: Partial<ReportPage> = {}): ReportPage => ({
  reports: ids.map((id) => report(id)),
  unreadable: 0,
  serviceTime: null,
  page: 1,
  lastPage: 1,
  perPage: 25,
  total: ids.length,
  from: ids.length ? 1 : null,
  to: ids.length || null,
  ...o,
});

/** A service stand-in whose answers the test releases one by one, in any order. */
function heldService() {
  const calls: { request: ListRequest; answer: (page: ReportPage) => void; fail: (error: unknown) => void }[] = [];
  const fetchPage = (request: ListRequest) => new Promise<ReportPage>((resolve, reject) => calls.push({ request, answer: resolve, fail: reject }));
  return { calls, fetchPage };
}

function setup() {
  const service = heldService();
  const states: ListState[] = [];
  const corrected: ListQuery[] = [];
  const loader = createListLoader({ fetchPage: service.fetchPage, onState: (s) => states.push(s), onQueryCorrected: (v) => corrected.push(v) });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { service, states, corrected, loader, flush };
}

const view = (change: Partial<ListQuery>): ListQuery => ({ ...DEFAULT_LIST_QUERY, ...change });

describe('loading the list', () => {
  it('shows the answer and the request it answers', async () => {
    const { service, loader, flush } = setup();
    const done = loader.load(view({ search: 'blog' }));
    expect(loader.state().loading).toBe(true);
    service.calls[0]!.answer(pageOf([3, 2, 1]));
    await done;
    await flush();
    expect(loader.state()).toMatchObject({ loading: false, error: null, shown: { search: 'blog', page: 1 } });
    expect(loader.state().page?.reports.map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it.each([
    ['the older answer arrives last', [1, 0]],
    ['the answers arrive in order', [0, 1]],
  ])('keeps the newer search when %s', async (_, order) => {
    const { service, loader, flush } = setup();
    const first = loader.load(view({ search: 'b' }));
    const second = loader.load(view({ search: 'blog' }));
    const answers = [pageOf([1, 2, 3]), pageOf([2])];
    for (const i of order) service.calls[i]!.answer(answers[i]!);
    await Promise.all([first, second]);
    await flush();
    expect(loader.state().shown).toMatchObject({ search: 'blog' });
    expect(loader.state().page?.reports.map((r) => r.id)).toEqual([2]);
    expect(loader.state().loading).toBe(false);
  });

  it('keeps the rows shown when a page fails to load, with the reason beside them', async () => {
    const { service, loader } = setup();
    const first = loader.load(view({ page: 1 }));
    service.calls[0]!.answer(pageOf([5, 4]));
    await first;
    const failing = loader.load(view({ page: 2 }));
    service.calls[1]!.fail(new ApiError({ kind: 'network', message: 'The report service could not be reached.' }));
    await failing;
    expect(loader.state()).toMatchObject({ loading: false, shown: { page: 1 }, error: { message: 'The report service could not be reached.' } });
    expect(loader.state().page?.reports.map((r) => r.id)).toEqual([5, 4]);
  });

  it('ignores the failure of an older load once a newer one succeeded', async () => {
    const { service, loader } = setup();
    const older = loader.load(view({ page: 2 }));
    const newer = loader.load(view({ page: 3 }));
    service.calls[1]!.answer(pageOf([9], { page: 3, lastPage: 3 }));
    service.calls[0]!.fail(new ApiError({ kind: 'timeout', message: 'Too slow.' }));
    await Promise.all([older, newer]);
    expect(loader.state()).toMatchObject({ error: null, shown: { page: 3 } });
  });

  it('clears the error once a load succeeds', async () => {
    const { service, loader } = setup();
    const failing = loader.load(view({}));
    service.calls[0]!.fail(new ApiError({ kind: 'rate-limited', message: 'The service is busy.' }));
    await failing;
    const retry = loader.load(view({}));
    service.calls[1]!.answer(pageOf([1]));
    await retry;
    expect(loader.state().error).toBeNull();
  });

  it('words an unexpected failure for the user', async () => {
    const { service, loader } = setup();
    const failing = loader.load(view({}));
    service.calls[0]!.fail(new TypeError('boom'));
    await failing;
    expect(loader.state().error).toMatchObject({ kind: 'extension', message: 'Something went wrong inside the extension. Try again.' });
  });

  it('moves to the last page that exists when the kept page lies beyond it', async () => {
    const { service, loader, corrected } = setup();
    const done = loader.load(view({ page: 7, perPage: 10 }));
    service.calls[0]!.answer(pageOf([], { page: 7, lastPage: 4, total: 35, perPage: 10 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(service.calls[1]!.request).toMatchObject({ page: 4, perPage: 10 });
    service.calls[1]!.answer(pageOf([5, 4, 3, 2, 1], { page: 4, lastPage: 4, total: 35, perPage: 10 }));
    await done;
    expect(corrected).toEqual([view({ page: 4, perPage: 10 })]);
    expect(loader.state().shown).toMatchObject({ page: 4 });
  });

  it('shows an empty first page as empty, without moving', async () => {
    const { service, loader, corrected } = setup();
    const done = loader.load(view({ search: 'nothing' }));
    service.calls[0]!.answer(pageOf([]));
    await done;
    expect(service.calls).toHaveLength(1);
    expect(corrected).toEqual([]);
    expect(loader.state().page?.total).toBe(0);
  });

  it('puts a changed report in its row without reloading', async () => {
    const { service, loader } = setup();
    const done = loader.load(view({}));
    service.calls[0]!.answer(pageOf([2, 1]));
    await done;
    loader.replaceReport({ ...report(1), privacy: 2, hasPassword: true });
    expect(loader.state().page?.reports.map((r) => [r.id, r.privacy])).toEqual([
      [2, 0],
      [1, 2],
    ]);
    expect(service.calls).toHaveLength(1);
  });
});
