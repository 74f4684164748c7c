import type { ReportsApi } from '@/lib/api';

/**
 * How much of the month's quota is left, as far as the extension can tell:
 * the plan's monthly number from the account, and the reports the service
 * lists as created since the month began (by its clock). A report deleted this
 * month still counts for the service but is no longer listed, so the count is
 * a lower bound, which the options page says.
 */

/** A month of a busy account is a few thousand reports at most; past this many pages the count stops. */
const MAX_PAGES = 100;

export async function monthQuota(api: ReportsApi): Promise<{ reportsPerMonth: number | 'unlimited' | null; madeThisMonth: number }> {
  const account = await api.getAccount();
  if (account.reportsPerMonth === 'unlimited' || account.reportsPerMonth === null)
    return { reportsPerMonth: account.reportsPerMonth, madeThisMonth: 0 };
  let made = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.listReports({ sortBy: 'id', sort: 'desc', perPage: 100, page });
    const now = new Date(answer.serviceTime ?? Date.now());
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const thisMonth = answer.reports.filter((r) => r.createdAt !== null && Date.parse(r.createdAt) >= monthStart);
    made += thisMonth.length;
    if (thisMonth.length < answer.reports.length || answer.page >= answer.lastPage) break;
  }
  return { reportsPerMonth: account.reportsPerMonth, madeThisMonth: made };
}
