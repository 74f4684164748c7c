/**
 * The planner's start in the background: the site's permission checked, given back when the
 * click added it (but never the service's own, nor one "Show on page" holds), and each sitemap
 * address paired with its latest report on the service, read by the site's project.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ListParams, ReportsApi } from '@/lib/api';
import { ApiError } from '@/lib/api/errors';
import { planSitemap } from '@/lib/background/sitemap/sitemap-plan';
import { sitePermissionsHeld } from '@/lib/storage';
import { startPageServer, type PageServer } from '../../../service/test-pages.ts';
import { SITEMAP_SITE_PAGES, sitemapSiteRoutes } from '../../../service/sitemap-sites.ts';
import { installFakePermissions } from '../fake-permissions';

const SITE = 'http://127.0.0.1/*';

let site: PageServer;
let granted: Set<string>;
let asked: ListParams[];

/** A service whose list holds these reports (stored addresses), 2 a page. */
function serviceWith(reports: { url: string; generatedAt: string | null; createdAt?: string | null }[], fail?: ApiError) {
  const api = {
    async listReports(params: ListParams) {
      asked.push(params);
      if (fail) throw fail;
      const page = params.page ?? 1;
      const lastPage = Math.max(1, Math.ceil(reports.length / 2));
      const slice = reports.slice((page - 1) * 2, page * 2).map((r, i) => ({ id: page * 10 + i, createdAt: null, ...r }));
      return { reports: slice, page, lastPage, total: reports.length, serviceTime: null };
    },
  } as unknown as ReportsApi;
  return (baseUrl = 'https://reports.example.com') =>
    async () => ({ api, baseUrl });
}

beforeAll(async () => {
  site = await startPageServer(sitemapSiteRoutes());
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => {
  fakeBrowser.reset();
  granted = installFakePermissions();
  asked = [];
  site.hits.splice(0);
});

describe('the sitemap planner in the background', () => {
  it('refuses without the site, reading nothing, and says why', async () => {
    await expect(planSitemap(serviceWith([])(), site.origin, true)).rejects.toMatchObject({
      kind: 'permission-missing',
      message: expect.stringMatching(/^Access to 127\.0\.0\.1:\d+ was not granted/),
    });
    expect(site.hits).toEqual([]);
  });

  it("pairs each page with its latest report, reading the project's list page by page", async () => {
    granted.add(SITE);
    const host = new URL(site.origin).host;
    const plan = await planSitemap(
      serviceWith([
        { url: `${host}/about`, generatedAt: '2026-10-01T10:00:00.000000Z' },
        { url: `${host}/about/`, generatedAt: '2026-11-01T10:00:00.000000Z' },
        { url: `${host}/blog/one`, generatedAt: null, createdAt: '2026-09-01T10:00:00.000000Z' },
        { url: `${host}`, generatedAt: '2026-08-01T10:00:00.000000Z' },
      ])(),
      site.origin,
      false,
    );
    expect(asked.map((p) => [p.project, p.page, p.withChecks])).toEqual([
      ['127.0.0.1', 1, false],
      ['127.0.0.1', 2, false],
    ]);
    expect(plan.pages.map((p) => p.url)).toEqual(SITEMAP_SITE_PAGES.map((path) => site.url(path)));
    expect(Object.fromEntries(plan.pages.filter((p) => p.lastReportAt).map((p) => [new URL(p.url).pathname, p.lastReportAt]))).toEqual({
      '/': '2026-08-01T10:00:00.000000Z',
      '/about': '2026-11-01T10:00:00.000000Z',
      '/blog/one': '2026-09-01T10:00:00.000000Z',
    });
    expect(plan).toMatchObject({
      origin: site.origin,
      project: '127.0.0.1',
      otherSites: 2,
      files: 3,
      notes: [],
      reportsError: null,
      maxPerRun: 5_000,
    });
  });

  it('still shows the pages when the list cannot be read, with the reason', async () => {
    granted.add(SITE);
    const plan = await planSitemap(serviceWith([], new ApiError({ kind: 'server-error', message: 'The service failed.' }))(), site.origin, false);
    expect(plan.pages).toHaveLength(SITEMAP_SITE_PAGES.length);
    expect(plan.pages.every((p) => p.lastReportAt === null)).toBe(true);
    expect(plan.reportsError).toMatchObject({ kind: 'server-error', message: 'The service failed.' });
  });

  it.each([
    ['the click added it', true, 'https://reports.example.com', {}, false],
    ['it was held before the click', false, 'https://reports.example.com', {}, true],
    ["it is the service's own", true, 'http://127.0.0.1:8787', {}, true],
    ['"Show on page" holds it for a report view', true, 'https://reports.example.com', { 21: [SITE] }, true],
  ])('gives the site back when %s: kept %s', async (_, giveBack, baseUrl, held, kept) => {
    granted.add(SITE);
    await sitePermissionsHeld.write(held);
    await planSitemap(serviceWith([])(baseUrl), site.origin, giveBack);
    expect(granted.has(SITE)).toBe(kept);
  });

  it('gives the site back even when the service cannot be reached', async () => {
    granted.add(SITE);
    const away = async () => {
      throw new ApiError({ kind: 'not-connected', message: 'Connect first.' });
    };
    await expect(planSitemap(away, site.origin, true)).rejects.toMatchObject({ kind: 'not-connected' });
    expect(granted.has(SITE)).toBe(false);
  });
});
