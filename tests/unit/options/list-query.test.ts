import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readListQuery, writeListQuery } from '@/lib/storage';
import { changeQuery, clearFilters, hasFilters, listRequest } from '@/lib/options/list-query';
import { DEFAULT_LIST_QUERY } from '@/lib/shared/list-options';
import type { ListQuery } from '@/lib/protocol';

const onPage4: ListQuery = { ...DEFAULT_LIST_QUERY, page: 4 };

describe('list query defaults', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts newest first, 25 a page, page 1, no filters', async () => {
    expect(await readListQuery()).toEqual({
      search: '',
      project: '',
      result: 'all',
      sortBy: 'id',
      sort: 'desc',
      perPage: 25,
      page: 1,
    });
  });

  it('asks the service for the defaults without empty filters', () => {
    expect(listRequest(DEFAULT_LIST_QUERY)).toEqual({ sortBy: 'id', sort: 'desc', perPage: 25, page: 1 });
  });
});

describe('changing the view', () => {
  it.each<[string, Partial<ListQuery>]>([
    ['search', { search: 'blog' }],
    ['project', { project: 'example.com' }],
    ['result', { result: 'bad' }],
    ['sort key', { sortBy: 'url' }],
    ['sort direction', { sort: 'asc' }],
    ['page size', { perPage: 100 }],
  ])('goes back to page 1 when the %s changes', (_, change) => {
    const next = changeQuery(onPage4, change);
    expect(next).toEqual({ ...onPage4, ...change, page: 1 });
  });

  it('keeps the page when a filter is set to what it already was', () => {
    expect(changeQuery(onPage4, { result: 'all', search: '' }).page).toBe(4);
  });

  it.each([
    [7, 7],
    [0, 1],
    [-3, 1],
    [2.6, 2],
  ])('moves to page %s as page %s', (page, expected) => {
    expect(changeQuery(onPage4, { page }).page).toBe(expected);
  });

  it.each<[Partial<ListQuery>, boolean]>([
    [{}, false],
    [{ search: '   ' }, false],
    [{ search: 'blog' }, true],
    [{ project: 'example.com' }, true],
    [{ result: 'good' }, true],
    [{ sortBy: 'url', sort: 'asc', perPage: 100 }, false],
  ])('counts %j as filtered: %s', (change, filtered) => {
    expect(hasFilters({ ...DEFAULT_LIST_QUERY, ...change })).toBe(filtered);
  });

  it('clears search and filters but keeps sort and page size', () => {
    const view: ListQuery = { search: 'a', project: 'b.com', result: 'bad', sortBy: 'url', sort: 'asc', perPage: 50, page: 3 };
    expect(clearFilters(view)).toEqual({ ...DEFAULT_LIST_QUERY, sortBy: 'url', sort: 'asc', perPage: 50 });
  });

  it('sends trimmed filters and leaves "all" out', () => {
    const view: ListQuery = { search: ' blog ', project: ' a.com ', result: 'decent', sortBy: 'result', sort: 'asc', perPage: 10, page: 2 };
    expect(listRequest(view)).toEqual({ search: 'blog', project: 'a.com', result: 'decent', sortBy: 'result', sort: 'asc', perPage: 10, page: 2 });
  });
});

describe('keeping the view', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads back what was written', async () => {
    const view: ListQuery = { search: 'blog', project: 'example.com', result: 'good', sortBy: 'generated_at', sort: 'asc', perPage: 100, page: 3 };
    await writeListQuery(view);
    expect(await readListQuery()).toEqual(view);
  });

  it.each<[string, Record<string, unknown>, Partial<ListQuery>]>([
    ['an unknown page size', { perPage: 30 }, { perPage: 25 }],
    ['a page size as text', { perPage: '50' }, { perPage: 25 }],
    ['an unknown sort key', { sortBy: 'created_at' }, { sortBy: 'id' }],
    ['an unknown direction', { sort: 'up' }, { sort: 'desc' }],
    ['an unknown result', { result: 'excellent' }, { result: 'all' }],
    ['page 0', { page: 0 }, { page: 1 }],
    ['a fractional page', { page: 1.5 }, { page: 1 }],
    ['a search that is not text', { search: 42 }, { search: '' }],
    ['an over-long project', { project: 'x'.repeat(300) }, { project: '' }],
  ])('falls back to the default for %s, keeping the other fields', async (_, bad, expected) => {
    const good: ListQuery = { search: 'blog', project: 'example.com', result: 'bad', sortBy: 'url', sort: 'asc', perPage: 50, page: 2 };
    await fakeBrowser.storage.local.set({ reportsView: { ...good, ...bad } });
    expect(await readListQuery()).toEqual({ ...good, ...expected });
  });

  it.each([
    ['a string', 'page=3'],
    ['a list', [1, 2]],
    ['null', null],
  ])('falls back to the defaults when the stored view is %s', async (_, stored) => {
    await fakeBrowser.storage.local.set({ reportsView: stored });
    expect(await readListQuery()).toEqual(DEFAULT_LIST_QUERY);
  });
});
