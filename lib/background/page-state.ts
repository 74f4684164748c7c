import type { ReportsApi } from '../api';
import { isApiError } from '../api/errors';
import type { PageState } from '../messages';
import { reportsForPage } from './page-reports';
import { currentJob } from './report-jobs';

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
