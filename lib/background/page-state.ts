import type { ReportsApi } from '@/lib/api';
import { isApiError } from '@/lib/api/errors';
import type { PageState } from '@/lib/protocol';
import { reportsForPage } from '@/lib/background/page-reports';
import { currentJob } from '@/lib/background/report-jobs';

export async function pageState(api: ReportsApi | null, url: string): Promise<Omit<PageState, 'settings'>> {
  const job = await currentJob(api, url);
  if (!api) return { job, reports: [], reportsError: null };
  try {
    return { job, reports: await reportsForPage(api, url), reportsError: null };
  } catch (error) {
    if (!isApiError(error)) throw error;
    return { job, reports: [], reportsError: error.toJSON() };
  }
}
