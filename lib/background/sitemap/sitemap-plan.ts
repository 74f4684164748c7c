import { browser } from 'wxt/browser';
import { ApiError, asApiError } from '@/lib/api/errors';
import type { ReportsApi } from '@/lib/api';
import type { SitemapPlanData } from '@/lib/protocol';
import { ADDRESS_LIST_MAX } from '@/lib/shared/address-list';
import { originPattern } from '@/lib/shared/permission';
import { pageKey } from '@/lib/shared/page-address';
import { t } from '@/lib/shared/i18n';
import { sitePermissionsHeld } from '@/lib/storage';
import { readSitemaps } from '@/lib/background/sitemap/sitemap-read';
import { latestReports } from '@/lib/background/sitemap/site-reports';
import { projectOfAddress } from '@/lib/background/site-project';

/**
 * What the sitemap planner starts from: the site's addresses from its sitemaps, each with its
 * latest report on the service. The site's permission, asked for in the planner's click, is
 * given back once read (`giveBack`: the click added it), but never the service's own, nor one
 * "Show on page" holds.
 */
export async function planSitemap(
  connect: () => Promise<{ api: ReportsApi; baseUrl: string }>,
  origin: string,
  giveBack: boolean,
): Promise<SitemapPlanData> {
  const pattern = originPattern(origin);
  // The origin's host without `www.`: the schema of readSitemap lets no origin without a host through.
  const project = projectOfAddress(origin) ?? '';
  let baseUrl: string | null = null;
  try {
    const connected = await connect();
    baseUrl = connected.baseUrl;
    if (!(await browser.permissions.contains({ origins: [pattern] }))) {
      throw new ApiError({ kind: 'permission-missing', message: t('smAccessRefused', { host: new URL(origin).host }) });
    }
    const api = connected.api;
    const [reading, reports] = await Promise.all([
      readSitemaps(origin),
      latestReports(api, project).then(
        (latest) => ({ latest, error: null }),
        (error: unknown) => ({ latest: new Map<string, string>(), error: asApiError(error).toJSON() }),
      ),
    ]);
    return {
      origin,
      project,
      pages: reading.addresses.map((url) => ({ url, lastReportAt: reports.latest.get(pageKey(url)) ?? null })),
      otherSites: reading.otherSites,
      files: reading.files,
      notes: reading.notes,
      reportsError: reports.error,
      maxPerRun: ADDRESS_LIST_MAX,
    };
  } finally {
    if (giveBack) await giveBackSite(pattern, baseUrl);
  }
}

async function giveBackSite(pattern: string, baseUrl: string | null): Promise<void> {
  if (baseUrl !== null && pattern === originPattern(baseUrl)) return;
  if (Object.values(await sitePermissionsHeld.read()).some((held) => held.includes(pattern))) return;
  await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
}
