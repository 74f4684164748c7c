import { describe, expect, it } from 'vitest';
import { runChecks, scoreOf, toContext, type AuditVariant } from '../../service/audit.ts';
import { emailMatches, isValidEmail } from '../../service/checks/emails.ts';
import type { CheckResult } from '../../service/checks/types.ts';
import type { FetchedPage } from '../../service/fetch-page.ts';
import { pageHtml } from '../../service/test-pages.ts';

/** Runs every check on a page described directly, for what a local server cannot send: exact times, HTTP/2, repeated headers. */
function audit(facts: Partial<FetchedPage>, variant?: AuditVariant): Record<string, CheckResult> {
  const page: FetchedPage = {
    url: new URL('https://example.com/127-page'),
    status: 200,
    headers: {},
    rawHeaders: ['Content-Encoding', 'gzip'],
    httpVersion: '1.1',
    html: pageHtml(),
    transferBytes: 1000,
    loadSeconds: 0.1,
    redirects: 0,
    ...facts,
  };
  return runChecks(toContext(page, { notFoundPage: 'https://example.com/404-0', robotsTxt: null }), variant);
}

describe('what a local page cannot show', () => {
  it.each([
    [2, true],
    [2.0000004, true],
    [2.000001, false],
  ])('load_time of %f s passes: %s (to the microsecond; exactly 2 passes)', (loadSeconds, passed) => {
    expect(audit({ loadSeconds }).load_time?.passed).toBe(passed);
  });

  it('rounds load_time to microseconds, as curl reports it', () => {
    expect(audit({ loadSeconds: 0.1234567 }).load_time?.value).toBe(0.123457);
  });

  it.each([
    ['2', true],
    ['2.0', true],
    ['1.1', false],
    ['1.0', false],
  ])('http2 with version %s passes: %s', (httpVersion, passed) => {
    expect(audit({ httpVersion }).http2).toMatchObject({ passed, value: httpVersion });
  });

  it.each([
    [['content-encoding', 'gzip'], true],
    [['Content-Encoding', 'deflate'], false],
    [['Content-Encoding', 'br'], false],
    [['Content-Encoding', 'GZIP'], false],
    [[], false],
  ])('text_compression with %j passes: %s (only gzip, as the service reads it)', (rawHeaders, passed) => {
    expect(audit({ rawHeaders }).text_compression?.passed).toBe(passed);
  });

  it('lists every Server header line', () => {
    expect(audit({ rawHeaders: ['Server', 'nginx', 'X-Other', '1', 'server', 'cloudflare'] }).server_signature?.value).toEqual([
      'nginx',
      'cloudflare',
    ]);
  });
});

describe('variants', () => {
  it('v15 and v18 leave out doctype, http2 and htst: 33 checks', () => {
    for (const version of ['v15', 'v18'] as const) {
      const names = Object.keys(audit({}, { version, errorKeys: 'all' }));
      expect(names).toHaveLength(33);
      expect(names.filter((n) => ['doctype', 'http2', 'htst'].includes(n))).toEqual([]);
    }
  });

  it('keeps only the last error key with errorKeys "last", as the KalimeroMK port does', () => {
    const results = audit({ html: pageHtml({ title: null }), url: new URL('https://example.com/a_b') }, { version: 'v13', errorKeys: 'last' });
    expect(results.title?.errors).toEqual({ length: { min: '1', max: '60' } });
    expect(results.seo_friendly_url?.errors).toEqual({ missing: null });
    expect(audit({ html: pageHtml({ title: null }) }).title?.errors).toEqual({ missing: null, length: { min: '1', max: '60' } });
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['mail me@example.com.', ['me@example.com']],
    ['a@b@c.de', ['b@c.de']],
    ['x@y.com.z@w.org', ['x@y.com.z']],
    ['@nobody.example and name@nodot', []],
    ['two: a.b@c.d-e.fg,c@d.ef', ['a.b@c.d-e.fg', 'c@d.ef']],
  ])('finds in %j the matches %j', (text, found) => {
    expect(emailMatches(text)).toEqual(found);
  });

  it.each([
    ['me@example.com', true],
    ['logo@2x.png', true],
    ['first..last@example.com', false],
    ['.me@example.com', false],
    ['me@exa_mple.com', false],
    ['me@example.c0m', true],
    ['me@example.1com', false],
    ['me@-example.com', false],
  ])('takes %s as an address: %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('stays quick on long runs of address characters', () => {
    const started = performance.now();
    emailMatches(`${'a'.repeat(400_000)}@${'b'.repeat(400_000)} ${'a@'.repeat(200_000)}`);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('the score', () => {
  const entry = (importance: CheckResult['importance'], passed: boolean): CheckResult => ({ passed, importance, value: null });

  it.each([
    [[entry('high', true), entry('medium', true)], 100],
    [[entry('high', false), entry('medium', true)], 33],
    [[entry('high', true), entry('medium', false)], 67],
    [[entry('high', true), entry('low', false)], 100],
    [[entry('high', false), entry('low', true)], 0],
  ])('of %j is %i', (entries, score) => {
    expect(scoreOf(Object.fromEntries(entries.map((e, i) => [`check${i}`, e])))).toBe(score);
  });
});
