import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Privacy } from '@/lib/shared/privacy';
import { scoreLabel } from '@/lib/shared/score';
import { ACCOUNTS, failure, startPages, startService } from './harness';

let env: Awaited<ReturnType<typeof startService>>;
let pages: Awaited<ReturnType<typeof startPages>>;

beforeAll(async () => {
  [env, pages] = await Promise.all([startService(), startPages()]);
});
afterAll(async () => {
  await Promise.all([env.service.close(), pages.close()]);
});

const ada = () => env.apiFor('ada');
const bob = () => env.apiFor('bob');
const seed = (who: 'ada' | 'bob', path: string, extra: { score?: number; generatedAt?: string; privacy?: Privacy; password?: string } = {}) =>
  env.service.seedReports(ACCOUNTS[who].apiKey, [{ url: pages.url(path), score: extra.score ?? 60, ...extra }])[0]!;

describe('creating a report', () => {
  it.each<[Privacy, string | undefined]>([
    [0, undefined],
    [1, undefined],
    [2, 'open sesame'],
  ])('audits the page and keeps it with privacy %i', async (privacy, password) => {
    const path = `/created-${privacy}`;
    const report = await ada().createReport({ url: pages.url(path), privacy, password });
    expect(report).toMatchObject({ url: pages.stored(path), project: '127.0.0.1', privacy, hasPassword: privacy === 2 });
    expect(report.score).toEqual(expect.any(Number));
    expect(report.label).toBe(scoreLabel(report.score!));
    expect(Date.parse(report.generatedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(report.checks ?? {}).length).toBeGreaterThan(0);
    expect(await ada().getReport({ id: report.id })).toEqual(report);
  });

  it('keeps the address the page ended up at after redirects', async () => {
    const report = await ada().createReport({ url: pages.url('/redirect'), privacy: 0 });
    expect(report.url).toBe(pages.stored('/landing'));
  });

  it('reads all 36 checks as the service writes them: whole floats, string thresholds, [] for empty maps', async () => {
    const report = await ada().createReport({ url: pages.url('/checks'), privacy: 0 });
    const checks = report.checks ?? {};
    expect(Object.keys(checks)).toHaveLength(36);
    // The page is sent uncompressed, so its size arrives as a float with `.0`, and compression fails.
    expect(checks.page_size).toEqual({ passed: true, importance: 'medium', value: expect.any(Number) });
    expect(checks.text_compression).toEqual({ passed: false, importance: 'high', value: checks.page_size?.value, errors: { missing: null } });
    expect(checks.content_length).toMatchObject({ passed: false, errors: { too_few: { min: '500' } } });
    expect(checks.structured_data).toEqual({ passed: false, importance: 'medium', value: [], errors: { missing: null } });
    expect(checks.in_page_links).toEqual({ passed: true, importance: 'medium', value: [] });
  });

  it('sends no password with a privacy other than 2', async () => {
    const report = await ada().createReport({ url: pages.url('/not-protected'), privacy: 1, password: 'ignored' });
    expect([report.privacy, report.hasPassword]).toEqual([1, false]);
  });

  it.each<[string, { url: string; privacy: Privacy; password?: string }, string, RegExp]>([
    ['an empty address', { url: '', privacy: 0 }, 'url', /url field is required/],
    ['something that is not an address', { url: 'not an address', privacy: 0 }, 'url', /valid URL/],
    ['an address longer than 2048 characters', { url: `https://example.com/${'a'.repeat(2050)}`, privacy: 0 }, 'url', /2048/],
    ['privacy 2 without a password', { url: 'https://example.com/', privacy: 2 }, 'password', /password field is required/],
    ['a password longer than 128 characters', { url: 'https://example.com/', privacy: 2, password: 'p'.repeat(129) }, 'password', /128/],
  ])('refuses %s, saying what is wrong with which field', async (_, params, field, message) => {
    const error = await failure(ada().createReport(params));
    expect(error.kind).toBe('validation');
    expect(error.fields?.[field]?.join(' ')).toMatch(message);
    expect(error.message).toMatch(message);
  });

  it('passes on why a page could not be fetched', async () => {
    const closed = await startPages();
    await closed.close();
    const error = await failure(ada().createReport({ url: closed.url('/gone'), privacy: 0 }));
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fields ?? {})).toEqual(['url']);
  });
});

describe('reading a report', () => {
  it('reads one of the account’s reports as the list shows it', async () => {
    const { id } = seed('ada', '/read-me', { score: 80 });
    const report = await ada().getReport({ id });
    expect(report).toMatchObject({ id, url: pages.stored('/read-me'), score: 80, label: 'good', privacy: 0, hasPassword: false });
    expect((await ada().listReports({ search: '/read-me' })).reports).toEqual([report]);
  });

  it.each([
    ['a report that does not exist', () => 999_999],
    ['another account’s report', () => seed('bob', '/bobs-own').id],
  ])('answers not-found for %s', async (_, id) => {
    const error = await failure(ada().getReport({ id: id() }));
    expect(error.kind).toBe('not-found');
  });
});

describe('updating a report', () => {
  it.each<[Privacy, Privacy]>([
    [0, 1],
    [1, 0],
    [1, 1],
  ])('changes privacy %i to %i and nothing else', async (from, to) => {
    const { id } = seed('ada', `/privacy-${from}-${to}`, { privacy: from, generatedAt: '2024-03-01T10:00:00Z' });
    const report = await ada().updateReport({ id, privacy: to });
    expect(report).toMatchObject({ id, privacy: to, hasPassword: false, score: 60, generatedAt: '2024-03-01T10:00:00.000Z' });
  });

  it('protects a report with a password, and drops it when it goes public', async () => {
    const { id } = seed('ada', '/to-protect');
    expect(await ada().updateReport({ id, privacy: 2, password: 'first' })).toMatchObject({ privacy: 2, hasPassword: true });
    expect(await ada().updateReport({ id, password: 'second' })).toMatchObject({ privacy: 2, hasPassword: true });
    expect(await ada().updateReport({ id, privacy: 0 })).toMatchObject({ privacy: 0, hasPassword: false });
  });

  it('keeps the password already set when privacy 2 is sent again without one', async () => {
    const { id } = seed('ada', '/still-protected', { privacy: 2, password: 'kept' });
    expect(await ada().updateReport({ id, privacy: 2 })).toMatchObject({ privacy: 2, hasPassword: true });
  });

  it('refuses privacy 2 without a password on a report that has none', async () => {
    const { id } = seed('ada', '/no-password-yet');
    const error = await failure(ada().updateReport({ id, privacy: 2 }));
    expect(error.kind).toBe('validation');
    expect(error.fields?.password).toBeDefined();
  });

  it('re-runs the audit when asked to regenerate', async () => {
    const { id } = seed('ada', '/regenerate', { score: 12, generatedAt: '2024-01-01T00:00:00Z' });
    const before = await ada().getReport({ id });
    const after = await ada().updateReport({ id, regenerate: true });
    expect(Date.parse(after.generatedAt!)).toBeGreaterThan(Date.parse(before.generatedAt!));
    expect(after.score).not.toBe(12);
    expect(after.checks).not.toEqual(before.checks);
    expect(await ada().getReport({ id })).toEqual(after);
  });

  it.each([
    ['a report that does not exist', () => 999_999],
    ['another account’s report', () => seed('bob', '/not-adas').id],
  ])('is forbidden for %s', async (_, id) => {
    const error = await failure(ada().updateReport({ id: id(), privacy: 1 }));
    expect(error.kind).toBe('forbidden');
    expect(error.message).toMatch(/no longer exists or belongs to another account/);
  });
});

describe('deleting a report', () => {
  it('deletes it for good', async () => {
    const { id } = seed('ada', '/delete-me');
    expect(await ada().deleteReport({ id })).toEqual({ id, deleted: true });
    expect((await failure(ada().getReport({ id }))).kind).toBe('not-found');
    expect((await failure(ada().deleteReport({ id }))).kind).toBe('not-found');
  });

  it('cannot delete another account’s report', async () => {
    const { id } = seed('bob', '/bob-keeps-this');
    expect((await failure(ada().deleteReport({ id }))).kind).toBe('not-found');
    expect((await bob().getReport({ id })).id).toBe(id);
  });
});
