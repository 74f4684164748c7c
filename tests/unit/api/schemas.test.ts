import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  accountBody,
  deleteBody,
  readBody,
  reportBody,
  reportPageBody,
  reportPageOutcomesBody,
  reportPageWithoutChecksBody,
} from '@/lib/api/schemas';
import * as accounts from '../../fixtures/responses/account';
import * as reports from '../../fixtures/responses/reports';

function invalidResponse(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an invalid-response error');
}

const readReport = (body: unknown) => readBody(reportBody, { data: body, status: 200 }, 'report');

describe('reading a report', () => {
  it('reads a current report into the extension’s shape', () => {
    expect(readBody(reportBody, reports.showBody, 'report')).toEqual({
      id: 123,
      url: 'example.com/blog?p=1',
      project: 'example.com',
      score: 86,
      label: 'good',
      privacy: 0,
      hasPassword: false,
      generatedAt: '2022-01-27T20:05:46.000Z',
      createdAt: '2022-01-27T20:05:40.000Z',
      updatedAt: '2022-01-27T20:05:46.000Z',
      checks: expect.objectContaining({
        title: { passed: true, importance: 'high', value: 'Example Domain' },
        meta_description: { passed: false, importance: 'high', value: null, errors: { missing: null } },
      }),
    });
  });

  it('drops fields it does not know', () => {
    expect(Object.keys(readReport(reports.reportCurrent))).not.toContain('user_id');
  });

  it('treats an empty list of errors on a check as none', () => {
    expect(readReport(reports.reportCurrent).checks?.favicon).toEqual({ passed: true, importance: 'low', value: 'https://example.com/favicon.ico' });
  });

  it.each([
    ['a score', reports.reportCurrent, 86, 'good'],
    ['no score (older versions)', reports.reportNullResult, null, null],
    ['a word instead of a score', reports.reportWordResult, null, 'decent'],
    ['a score below decent', reports.reportPasswordProtected, 48, 'bad'],
    ['a score sent as text', reports.reportPhpStrings, 79, 'decent'],
    ['no result at all', reports.reportMinimal, null, null],
  ])('reads %s', (_, body, score, label) => {
    const report = readReport(body);
    expect(report.score).toBe(score);
    expect(report.label).toBe(label);
  });

  it('reads a password-protected report without ever holding a password', () => {
    const report = readReport(reports.reportPasswordProtected);
    expect(report).toMatchObject({ privacy: 2, hasPassword: true });
    expect(JSON.stringify(report)).not.toMatch(/"password"/);
  });

  it('reads what older PHP stacks send: numbers as text, 0/1, [] and dates without a zone', () => {
    expect(readReport(reports.reportPhpStrings)).toEqual({
      id: 17,
      url: 'www-less.example.org',
      project: 'www-less.example.org',
      score: 79,
      label: 'decent',
      privacy: 1,
      hasPassword: false,
      generatedAt: '2021-06-01T08:30:00.000Z',
      createdAt: '2021-06-01T08:29:55.000Z',
      updatedAt: null,
      checks: {},
    });
  });

  it('fills what a minimal report leaves out, taking the project from the address', () => {
    expect(readReport({ ...reports.reportMinimal, url: 'www.example.net/about' })).toEqual({
      id: 9,
      url: 'www.example.net/about',
      project: 'example.net',
      score: null,
      label: null,
      privacy: 0,
      hasPassword: false,
      generatedAt: null,
      createdAt: null,
      updatedAt: null,
      checks: null,
    });
  });

  it('leaves out a check of an unknown shape instead of failing the report', () => {
    const body = {
      ...reports.reportMinimal,
      results: { title: { passed: true, importance: 'high', value: 'T' }, odd: 'just text', weird: { importance: 'urgent', passed: 1 } },
    };
    expect(readReport(body).checks).toEqual({
      title: { passed: true, importance: 'high', value: 'T' },
      weird: { passed: true, importance: 'low', value: null },
    });
  });

  it.each([
    ['the id is missing', reports.reportWithoutId, 'data.id'],
    ['privacy is out of range', reports.reportWithBadPrivacy, 'data.privacy'],
    ['the url is missing', { ...reports.reportCurrent, url: undefined }, 'data.url'],
    ['the id is not a number', { ...reports.reportCurrent, id: 'abc' }, 'data.id'],
  ])('refuses a report where %s, naming the field', (_, body, field) => {
    const error = invalidResponse(() => readReport(body));
    expect(error.kind).toBe('invalid-response');
    expect(error.detail).toContain(field);
  });

  it('refuses a body without the data envelope', () => {
    expect(invalidResponse(() => readBody(reportBody, reports.reportCurrent, 'report')).detail).toContain('data');
  });

  it.each([
    ['create', reports.createBody, { id: 200, privacy: 1 }],
    ['update', reports.updateBody, { id: 123, privacy: 2, hasPassword: true }],
  ])('reads the answer to %s', (_, body, expected) => {
    expect(readBody(reportBody, body, 'report')).toMatchObject(expected);
  });
});

describe('reading a page of reports', () => {
  const page = { page: 2, lastPage: 3, perPage: 10, total: 25, from: 11, to: 20 };

  it.each([
    ['with links beside meta', reports.listBody],
    ['with a links array inside meta (newer versions)', reports.listBodyMetaLinks],
    ['with page numbers sent as text', reports.listBodyStringNumbers],
  ])('reads a list %s', (_, body) => {
    const read = readBody(reportPageBody, body, 'list');
    expect(read).toMatchObject(page);
    expect(read.reports.map((r) => r.id)).toEqual([123, 124, 125]);
  });

  it('reads an empty list', () => {
    expect(readBody(reportPageBody, reports.listBodyEmpty, 'list')).toEqual({
      reports: [],
      unreadable: 0,
      page: 1,
      lastPage: 1,
      perPage: 10,
      total: 0,
      from: null,
      to: null,
    });
  });

  it('reads the framework’s bare paginator', () => {
    expect(readBody(reportPageBody, reports.listBodyBarePaginator, 'list')).toMatchObject({ page: 1, lastPage: 1, perPage: 25, total: 1 });
  });

  it('reads a list without paging information as a single page', () => {
    expect(readBody(reportPageBody, { data: [reports.reportCurrent] }, 'list')).toMatchObject({ page: 1, lastPage: 1, total: 1, from: 1, to: 1 });
  });

  it('leaves a broken report out of a list, counts it, and reads the rest', () => {
    const page = readBody(reportPageBody, reports.listBodyWithBrokenReport, 'list');
    expect(page.unreadable).toBe(1);
    expect(page.reports).toHaveLength(reports.listBodyWithBrokenReport.data.length - 1);
  });

  it('reads the same page without the checks when asked to (the options’ table shows none)', () => {
    const withChecks = readBody(reportPageBody, { data: [reports.reportCurrent] }, 'list');
    const without = readBody(reportPageWithoutChecksBody, { data: [reports.reportCurrent] }, 'list');
    expect(withChecks.reports[0]!.checks).not.toBeNull();
    expect(without.reports[0]!.checks).toBeNull();
    expect(without).toEqual({ ...withChecks, reports: withChecks.reports.map((r) => ({ ...r, checks: null })) });
  });

  it('reads the same page with each check’s outcome only when asked to (the popup’s summaries count no more)', () => {
    const full = readBody(reportPageBody, reports.listBody, 'list');
    const outcomes = readBody(reportPageOutcomesBody, reports.listBody, 'list');
    const outcomeOf = ({ passed, importance }: { passed: boolean; importance: string }) => ({ passed, importance });
    expect(Object.keys(full.reports[0]!.checks!).length).toBeGreaterThan(1);
    expect(outcomes).toEqual({
      ...full,
      reports: full.reports.map((r) => ({
        ...r,
        checks: r.checks && Object.fromEntries(Object.entries(r.checks).map(([k, c]) => [k, outcomeOf(c)])),
      })),
    });
  });

  it('reads outcomes as it reads the checks: old encodings, checks of unknown shape left out, at most 200, `__proto__` a check', () => {
    const many = Array.from({ length: 250 }, (_, i) => [`check${i}`, { passed: i % 2, importance: 'medium', value: 'x'.repeat(10) }]);
    const results = Object.fromEntries([['broken', 'not a check'], ['vague', { passed: false, importance: 'urgent' }], ...many]) as Record<
      string,
      unknown
    >;
    const body = { data: [{ ...reports.reportCurrent, results }] };
    const full = readBody(reportPageBody, body, 'list').reports[0]!.checks!;
    const outcomes = readBody(reportPageOutcomesBody, body, 'list').reports[0]!.checks!;
    expect(Object.keys(outcomes)).toEqual(Object.keys(full));
    expect(Object.keys(outcomes)).toHaveLength(199);
    expect(outcomes).not.toHaveProperty('broken');
    expect(outcomes.vague).toEqual({ passed: false, importance: 'low' });
    expect(outcomes.check1).toEqual({ passed: true, importance: 'medium' });
    expect(outcomes.check2).toEqual({ passed: false, importance: 'medium' });

    const listed = { data: [{ ...reports.reportCurrent, results: [{ passed: 1, importance: 'high' }] }] };
    expect(readBody(reportPageOutcomesBody, listed, 'list').reports[0]!.checks).toEqual({ 0: { passed: true, importance: 'high' } });
    const proto = { data: [{ ...reports.reportCurrent, results: JSON.parse('{"__proto__":{"passed":true,"importance":"high"}}') as unknown }] };
    const odd = readBody(reportPageOutcomesBody, proto, 'list').reports[0]!.checks!;
    expect(Object.keys(odd)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype);
  });

  it('reads a report whose checks are not even an object, when the checks are left unread', () => {
    const odd = { data: [{ ...reports.reportCurrent, results: 'not checks' }] };
    expect(readBody(reportPageWithoutChecksBody, odd, 'list').reports).toHaveLength(1);
  });
});

describe('reading the account', () => {
  it('reads the account and its monthly quota', () => {
    expect(readBody(accountBody, accounts.accountBody, 'account')).toEqual({
      id: 7,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      planName: 'Pro',
      reportsPerMonth: 100,
    });
  });

  it.each([
    ['features sent as []', accounts.accountEmptyFeatures, 'Free'],
    ['no plan', accounts.accountWithoutPlan, null],
  ])('reads %s as a limit not told', (_, body, planName) => {
    expect(readBody(accountBody, body, 'account')).toMatchObject({ planName, reportsPerMonth: null });
  });

  it('reads -1 as unlimited', () => {
    expect(readBody(accountBody, accounts.accountUnlimited, 'account')).toMatchObject({ planName: 'Unlimited', reportsPerMonth: 'unlimited' });
  });

  it('refuses an account without an email address, naming it', () => {
    expect(invalidResponse(() => readBody(accountBody, accounts.accountWithoutEmail, 'account')).detail).toContain('data.email');
  });
});

describe('reading the answer to delete', () => {
  it('reads the service’s delete body', () => {
    expect(readBody(deleteBody(123), reports.deleteBody, 'delete')).toEqual({ id: 123, deleted: true });
  });

  it('takes an empty answer as done, for the id asked', () => {
    expect(readBody(deleteBody(5), null, 'delete')).toEqual({ id: 5, deleted: true });
  });

  it('takes a refusal to delete as no delete', () => {
    expect(invalidResponse(() => readBody(deleteBody(5), { id: 5, deleted: false }, 'delete')).kind).toBe('invalid-response');
  });
});
