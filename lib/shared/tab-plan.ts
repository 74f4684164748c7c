import { checkReportable, pageKey } from '@/lib/shared/page-address';

/**
 * The tabs of a window that "Report all tabs" reports: one per page as the
 * service stores it; the browser's own pages and other schemes are counted
 * out. Apart from the pasted list's reading (lib/shared/address-list.ts) so
 * the popup's script does not carry that.
 */

export interface TabsPlan {
  urls: string[];
  unsupported: number;
  duplicates: number;
}

/** The tabs of a window that can be reported, one per page; the browser's own pages and other schemes are counted out. */
export function planTabs(addresses: readonly (string | undefined)[]): TabsPlan {
  const plan: TabsPlan = { urls: [], unsupported: 0, duplicates: 0 };
  const seen = new Set<string>();
  for (const address of addresses) {
    const reportable = checkReportable(address);
    if (!reportable.ok) {
      plan.unsupported++;
      continue;
    }
    const key = pageKey(reportable.url);
    if (seen.has(key)) plan.duplicates++;
    else {
      seen.add(key);
      plan.urls.push(reportable.url);
    }
  }
  return plan;
}
