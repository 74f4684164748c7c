/**
 * What the site view must show, worked out from the local service's own list (every page of
 * `GET /reports?project=…`, 100 a page), independently of the extension's code: the latest report
 * of each address by date, their average score, and on how many pages each check fails.
 */

interface Listed {
  id: number;
  url: string;
  result: number | null;
  generated_at: string;
  results: Record<string, { passed: boolean; importance: string }>;
}

export interface ExpectedSite {
  reports: number;
  pages: number;
  average: number | null;
  /** Pages failing each check, on their latest report. */
  failing: Map<string, number>;
  importance: Map<string, string>;
  distribution: { good: number; decent: number; bad: number };
  latest: Map<string, Listed & { older: number }>;
}

export async function expectedSite(baseUrl: string, apiKey: string, project: string): Promise<ExpectedSite> {
  const all: Listed[] = [];
  for (let page = 1; ; page++) {
    const response = await fetch(`${baseUrl}/api/v1/reports?project=${encodeURIComponent(project)}&per_page=100&page=${page}`, {
      headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
    });
    const body = (await response.json()) as { data: Listed[]; meta: { last_page: number } };
    all.push(...body.data);
    if (page >= body.meta.last_page) break;
  }
  const latest = new Map<string, Listed & { older: number }>();
  for (const report of all) {
    const kept = latest.get(report.url);
    const newer =
      !kept || Date.parse(report.generated_at) > Date.parse(kept.generated_at) || (report.generated_at === kept.generated_at && report.id > kept.id);
    if (newer) latest.set(report.url, { ...report, older: kept ? kept.older + 1 : 0 });
    else kept.older += 1;
  }
  const failing = new Map<string, number>();
  const importance = new Map<string, string>();
  const distribution = { good: 0, decent: 0, bad: 0 };
  let sum = 0;
  let scored = 0;
  for (const report of latest.values()) {
    for (const [key, check] of Object.entries(report.results)) {
      if (check.passed) continue;
      failing.set(key, (failing.get(key) ?? 0) + 1);
      importance.set(key, check.importance);
    }
    if (report.result !== null) {
      sum += report.result;
      scored += 1;
      distribution[report.result > 79 ? 'good' : report.result >= 49 ? 'decent' : 'bad'] += 1;
    }
  }
  return { reports: all.length, pages: latest.size, average: scored ? sum / scored : null, failing, importance, distribution, latest };
}
