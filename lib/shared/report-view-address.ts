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
}

export const REPORT_VIEW_PAGE = '/report.html';

const positiveInteger = (text: string | null) => (text !== null && /^[1-9]\d{0,15}$/.test(text) ? Number(text) : null);

/** Path and query within the extension, e.g. `/report.html?id=12&tab=3`. */
export function reportViewPath({ id, tabId, generatedAt }: ReportViewTarget): string {
  const query = new URLSearchParams({ id: String(id) });
  if (tabId !== undefined) query.set('tab', String(tabId));
  if (generatedAt) query.set('at', generatedAt);
  return `${REPORT_VIEW_PAGE}?${query}`;
}

/** The target named by the view's own query string, or null when it names no report. */
export function readReportViewTarget(search: string): ReportViewTarget | null {
  const query = new URLSearchParams(search);
  const id = positiveInteger(query.get('id'));
  if (id === null || !Number.isSafeInteger(id)) return null;
  const tabId = positiveInteger(query.get('tab'));
  const generatedAt = query.get('at');
  return {
    id,
    ...(tabId !== null && Number.isSafeInteger(tabId) ? { tabId } : {}),
    ...(generatedAt ? { generatedAt: generatedAt.slice(0, 64) } : {}),
  };
}
