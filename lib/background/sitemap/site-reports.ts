import type { ReportsApi } from '@/lib/api';
import { pageKey } from '@/lib/shared/page-address';

/**
 * The latest report of each page of a site, as the service lists them: its `project` is the
 * site's host without `www.`, and the list's project filter matches it exactly. Read page by
 * page, 100 a page, without the checks.
 */

/** 50,000 reports: more than a sitemap's addresses. A service that keeps answering "next" stops here. */
const MAX_PAGES = 500;

/** When each page of the project was last reported (`generatedAt`, else `createdAt`), by its key (`pageKey`). */
export async function latestReports(api: ReportsApi, project: string): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.listReports({ project, sortBy: 'id', sort: 'asc', perPage: 100, page, withChecks: false });
    for (const report of answer.reports) {
      const at = report.generatedAt ?? report.createdAt;
      if (at === null) continue;
      const key = pageKey(`https://${report.url}`);
      const known = latest.get(key);
      if (known === undefined || Date.parse(at) > Date.parse(known)) latest.set(key, at);
    }
    if (answer.page >= answer.lastPage || answer.reports.length === 0) break;
  }
  return latest;
}
