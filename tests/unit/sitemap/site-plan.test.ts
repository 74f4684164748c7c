import { describe, expect, it } from 'vitest';
import { planPages as planOf, preparePages, quotaPlan, templateKey, underPrefix, type PlanChoice } from '@/lib/sitemap/site-plan';
import { siteOriginOf } from '@/lib/shared/site-origin';
import type { SitemapPage } from '@/lib/protocol';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW - days * 24 * 60 * 60 * 1000).toISOString();
const planPages = (pages: SitemapPage[], choice: PlanChoice, now: number) => planOf(preparePages(pages), choice, now);
const page = (path: string, lastReportAt: string | null = null): SitemapPage => ({ url: `https://example.com${path}`, lastReportAt });

describe('one page per template', () => {
  it.each([
    ['/blog/a', 'https://example.com/blog/*'],
    ['/blog/b?page=2', 'https://example.com/blog/*'],
    ['/blog/c/', 'https://example.com/blog/*'],
    ['/blog/', 'https://example.com/*'],
    ['/about', 'https://example.com/*'],
    ['/', 'https://example.com/'],
    ['/?lang=de', 'https://example.com/'],
    ['/shop/shoes/red', 'https://example.com/shop/shoes/*'],
  ])('%s is of the template %s', (path, key) => {
    expect(templateKey(`https://example.com${path}`)).toBe(key);
  });

  it('keeps the first page of each template, in the sitemap order', () => {
    const pages = ['/', '/about', '/contact', '/blog/a', '/blog/b', '/shop/shoes/red', '/shop/shoes/blue', '/?lang=de'].map((p) => page(p));
    const plan = planPages(pages, { prefix: '', staleDays: 30, onePerTemplate: true }, NOW);
    expect(plan.chosen).toEqual(['/', '/about', '/blog/a', '/shop/shoes/red'].map((p) => `https://example.com${p}`));
    expect(plan.sameTemplate).toBe(4);
  });
});

describe('choosing the pages to report', () => {
  const pages = [page('/never'), page('/old', daysAgo(45)), page('/fresh', daysAgo(2)), page('/blog/never'), page('/blog/old', daysAgo(31))];

  it('chooses the pages never reported and those reported longer ago than the days given', () => {
    const plan = planPages(pages, { prefix: '', staleDays: 30, onePerTemplate: false }, NOW);
    expect(plan).toEqual({
      chosen: ['/never', '/old', '/blog/never', '/blog/old'].map((p) => `https://example.com${p}`),
      notReported: 2,
      stale: 2,
      recent: 1,
      sameTemplate: 0,
    });
  });

  it('counts a page reported within the days as recent, and 0 days as any report at all', () => {
    expect(planPages(pages, { prefix: '', staleDays: 40, onePerTemplate: false }, NOW).recent).toBe(2);
    expect(planPages(pages, { prefix: '', staleDays: 0, onePerTemplate: false }, NOW).recent).toBe(0);
  });

  it('keeps only the paths under the prefix, with or without its leading slash', () => {
    expect(planPages(pages, { prefix: '/blog/', staleDays: 30, onePerTemplate: false }, NOW).chosen).toEqual([
      'https://example.com/blog/never',
      'https://example.com/blog/old',
    ]);
    expect(underPrefix('https://example.com/blog/a', 'blog')).toBe(true);
    expect(underPrefix('https://example.com/shop?blog=1', 'blog')).toBe(false);
    expect(underPrefix('https://example.com/shop?blog=1', '  ')).toBe(true);
  });
});

describe('the quota against the pages chosen', () => {
  it.each([
    [120, { reportsPerMonth: 200, madeThisMonth: 163 }, { left: 37, over: 83 }],
    [10, { reportsPerMonth: 200, madeThisMonth: 163 }, { left: 37, over: 0 }],
    [37, { reportsPerMonth: 200, madeThisMonth: 163 }, { left: 37, over: 0 }],
    [5, { reportsPerMonth: 100, madeThisMonth: 140 }, { left: 0, over: 5 }],
    [5000, { reportsPerMonth: 'unlimited' as const, madeThisMonth: 0 }, { left: null, over: 0 }],
    [5, null, { left: null, over: 0 }],
  ])('%i chosen with %o', (chosen, quota, plan) => {
    expect(quotaPlan(chosen, quota)).toEqual(plan);
  });
});

describe("a site's origin", () => {
  it.each([
    ['https://www.example.com/a/b?c=1#d', 'https://www.example.com'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['chrome://settings', null],
    ['not an address', null],
    [null, null],
  ])('%s → %s', (address, origin) => {
    expect(siteOriginOf(address)).toBe(origin);
  });
});

describe('a plan of 50,000 pages', () => {
  // Redrawn at each key typed in the path filter: the addresses are parsed once, before.
  it('is chosen again in well under the time of a keystroke on a busy machine', () => {
    const pages = preparePages(Array.from({ length: 50_000 }, (_, i) => page(`/section-${i % 50}/page-${i}`, i % 3 ? null : daysAgo(i % 90))));
    const started = performance.now();
    const plan = planOf(pages, { prefix: '/section-1', staleDays: 30, onePerTemplate: true }, NOW);
    expect(performance.now() - started).toBeLessThan(200);
    expect(plan.chosen).toHaveLength(11);
  });
});
