import { describe, expect, it } from 'vitest';
import { runChecks, scoreOf, toContext } from '../../service/audit.ts';
import { PAGE_SIZE_MAX } from '../../service/checks/performance.ts';
import type { CheckResult } from '../../service/checks/types.ts';
import { pageHtml } from '../../service/test-pages.ts';

interface PageFacts {
  html?: string;
  url?: string;
  headers?: Record<string, string>;
  loadTimeMs?: number;
  bytes?: number;
}

/** Runs every check on a page described directly, as if it had just been fetched. */
function audit(facts: PageFacts): Record<string, CheckResult> {
  const html = facts.html ?? pageHtml();
  return runChecks(
    toContext({
      url: new URL(facts.url ?? 'https://example.com/page'),
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', ...facts.headers },
      html,
      bytes: facts.bytes ?? Buffer.byteLength(html),
      loadTimeMs: facts.loadTimeMs ?? 100,
      redirects: 0,
    }),
  );
}

describe('checks at their limits', () => {
  it.each([
    ['load_time', { loadTimeMs: 1999 }, true],
    ['load_time', { loadTimeMs: 2000 }, false],
    ['page_size', { bytes: PAGE_SIZE_MAX - 1 }, true],
    ['page_size', { bytes: PAGE_SIZE_MAX }, false],
    ['title', { html: pageHtml({ title: 't'.repeat(60) }) }, true],
    ['title', { html: pageHtml({ title: 't'.repeat(61) }) }, false],
    ['title', { html: pageHtml({ title: '   ' }) }, false],
    ['meta_description', { html: pageHtml({ description: 'd'.repeat(160) }) }, true],
    ['meta_description', { html: pageHtml({ description: 'd'.repeat(161) }) }, false],
    ['image_keywords', { html: pageHtml({ body: '<h1>x</h1><img src="/deco.png" alt="">' }) }, true],
    ['charset', { html: pageHtml({ charset: false }) }, true],
    ['charset', { html: pageHtml({ charset: false }), headers: { 'content-type': 'text/html' } }, false],
    ['text_compression', { headers: { 'content-encoding': 'br' } }, true],
    ['text_compression', { headers: { 'content-encoding': 'identity' } }, false],
    ['mixed_content', { url: 'http://example.com/', html: pageHtml({ head: '<script src="http://cdn.example.com/a.js"></script>' }) }, true],
    ['unsafe_cross_origin_links', { html: pageHtml({ body: '<h1>x</h1><a href="https://other.org/" target="_blank" rel="noopener">o</a>' }) }, true],
    ['unsafe_cross_origin_links', { html: pageHtml({ body: '<h1>x</h1><a href="/same" target="_blank">s</a>' }) }, true],
    [
      'structured_data',
      { html: pageHtml({ structuredData: false, body: '<h1>x</h1><div itemscope itemtype="https://schema.org/Person"></div>' }) },
      true,
    ],
    ['seo_friendly_url', { url: 'https://example.com/Blog' }, false],
    ['seo_friendly_url', { url: 'https://example.com/blog?p=1' }, false],
    ['noindex', { html: pageHtml({ head: '<meta name="robots" content="index, follow">' }) }, true],
  ] as const)('%s with %j passes: %s', (name, facts, passed) => {
    expect(audit(facts)[name]?.passed).toBe(passed);
  });

  it('reports load time in seconds', () => {
    expect(audit({ loadTimeMs: 2345 }).load_time).toEqual({
      passed: false,
      importance: 'high',
      value: 2.35,
      errors: { too_slow: { max: 2 } },
    });
  });

  it('finds addresses in the text, and stays quick on a huge word', () => {
    expect(audit({ html: pageHtml({ body: '<h1>x</h1><p>Mail (me@example.com) now</p>' }) }).plaintext_email?.value).toEqual(['me@example.com']);
    const started = performance.now();
    audit({ html: pageHtml({ body: `<h1>x</h1><p>${'a'.repeat(400_000)}</p>` }) });
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
