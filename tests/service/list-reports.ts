import type { ApiCall, EndlessPace, Reply } from './context.ts';
import { paginate } from './pagination.ts';
import { phpJson } from './php-json.ts';
import { presentReport } from './present.ts';
import type { ReportRecord } from './store.ts';

const PER_PAGE = [10, 25, 50, 100];
const SORT_KEYS = ['id', 'generated_at', 'url', 'result'] as const;
type SortKey = (typeof SORT_KEYS)[number];

/** Score ranges behind the result words. A report without a score matches none of them. */
const RESULT_RANGES: Record<string, (score: number) => boolean> = {
  good: (s) => s > 79,
  decent: (s) => s >= 49 && s <= 79,
  bad: (s) => s < 49,
};

/** The list with its filters; anything it does not understand falls back silently, as the service does. */
export function listReports(call: ApiCall): Reply {
  const query = call.url.searchParams;
  const param = (name: string) => query.get(name)?.trim() ?? '';
  let reports = call.state.store.reportsOf(call.account.id);

  const search = param('search').toLowerCase();
  if (search !== '') reports = reports.filter((r) => r.url.toLowerCase().includes(search));
  const project = param('project');
  if (project !== '') reports = reports.filter((r) => r.project === project);
  const inRange = RESULT_RANGES[param('result')];
  if (inRange) reports = reports.filter((r) => r.result !== null && inRange(r.result));

  const sortBy: SortKey = SORT_KEYS.find((k) => k === param('sort_by')) ?? 'id';
  const direction = param('sort') === 'asc' ? 1 : -1;
  reports.sort((a, b) => direction * (compare(a, b, sortBy) || a.id - b.id));

  const perPageAsked = Number(param('per_page'));
  const perPage = PER_PAGE.includes(perPageAsked) ? perPageAsked : call.state.settings.perPageFallback;
  const pageAsked = Number(param('page'));
  const page = Number.isInteger(pageAsked) && pageAsked >= 1 ? pageAsked : 1;

  const endless = call.state.settings.endlessList;
  if (endless) return endlessPage(reports, endless);
  const paginated = paginate(reports.map(presentReport), page, perPage, `${call.state.origin}/api/v1/reports`, query);
  return { status: 200, json: { ...paginated, status: 200 } };
}

/** A list that never closes: the first matching report (or a made-up one) over and over, as a broken service or a wrong address might send. */
function endlessPage(reports: ReportRecord[], pace: EndlessPace): Reply {
  const first = reports[0];
  const item = first ? presentReport(first) : { id: 1, url: 'example.com', project: 'example.com', result: 50 };
  return { status: 200, endless: { start: '{"data":[', repeat: `${phpJson(item)},`, pace } };
}

function compare(a: ReportRecord, b: ReportRecord, key: SortKey): number {
  switch (key) {
    case 'id':
      return a.id - b.id;
    case 'generated_at':
      return a.generatedAt < b.generatedAt ? -1 : a.generatedAt > b.generatedAt ? 1 : 0;
    case 'url':
      return a.url.toLowerCase().localeCompare(b.url.toLowerCase());
    case 'result':
      // Reports without a score sort first going up, as a database puts NULL first.
      return (a.result ?? -1) - (b.result ?? -1);
  }
}
