/**
 * The address of the extension's report view, `report.html?id=N`, built by
 * whoever opens it (popup, options, a notification's click) and read by the
 * view itself.
 */

export interface ReportViewTarget {
  id: number;
  /** The tab the report was made from: "Show on page" outlines there first. */
  tabId?: number;
  /** When the report was generated, as the opener knows it: a kept copy of another date is not drawn. */
  generatedAt?: string | null;
  /** The report's address as the service stores it, if the opener knows it: the view's history is then read along with the report. */
  url?: string;
  /** Another report shown side by side with this one (`compare=N`). */
  compare?: number;
  /** The section scrolled to on opening: "what changed" (`#changes`). */
  section?: 'changes';
  /** The service the report is on, when it is not the default (`service=…`, read by lib/report/report-view-service.ts). */
  service?: string;
}

/** The longest address the view's own address carries (the background takes no longer one). */
const MAX_ADDRESS = 2048;

export const REPORT_VIEW_PAGE = '/report.html';

const positiveInteger = (text: string | null) => (text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/**
 * The view of a report as the lists show it (the popup's, the reports manager's): its generation date and its
 * address go along, so a copy kept of that generation draws at once and the address's history is read with it.
 * `tabId`: the tab the popup is on, so that "Show on page" finds it.
 */
export function reportViewPathOf(
  report: { id: number; url: string; generatedAt: string | null; createdAt: string | null },
  tabId?: number,
  service?: string,
): string {
  return reportViewPath({ id: report.id, tabId, generatedAt: report.generatedAt ?? report.createdAt, url: report.url, service });
}

/** Path and query within the extension, e.g. `/report.html?id=12&tab=3&url=example.com%2Fblog`. */
export function reportViewPath({ id, tabId, generatedAt, url, compare, section, service }: ReportViewTarget): string {
  const query = new URLSearchParams({ id: String(id) });
  if (tabId !== undefined) query.set('tab', String(tabId));
  if (generatedAt) query.set('at', generatedAt);
  if (url && url.length <= MAX_ADDRESS) query.set('url', url);
  if (compare !== undefined && compare !== id) query.set('compare', String(compare));
  if (service) query.set('service', service);
  return `${REPORT_VIEW_PAGE}?${query}${section ? `#${section}` : ''}`;
}

/** The target named by the view's own query string, or null when it names no report. */
export function readReportViewTarget(search: string): ReportViewTarget | null {
  const query = new URLSearchParams(search);
  const id = positiveInteger(query.get('id'));
  if (id === null || !Number.isSafeInteger(id)) return null;
  const tabId = positiveInteger(query.get('tab'));
  const generatedAt = query.get('at');
  const url = query.get('url');
  const compare = positiveInteger(query.get('compare'));
  return {
    id,
    ...(tabId !== null && Number.isSafeInteger(tabId) ? { tabId } : {}),
    ...(generatedAt ? { generatedAt: generatedAt.slice(0, 64) } : {}),
    ...(url && url.length <= MAX_ADDRESS ? { url } : {}),
    ...(compare !== null && Number.isSafeInteger(compare) && compare !== id ? { compare } : {}),
  };
}
