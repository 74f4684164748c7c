import type { ReportsApi } from '@/lib/api';
import { errorForPages, isApiError } from '@/lib/api/errors';
import type { PageState } from '@/lib/protocol';
import { reportsForPage } from '@/lib/background/address-reports';
import { currentJob } from '@/lib/background/report-jobs';
import { queuedFor } from '@/lib/background/runs/queued-creates';

/** The popup's view of a page on `service` (absent: the default): its report job, and its reports (or why they could not be read). */
export async function pageState(api: ReportsApi | null, url: string, service?: string): Promise<Omit<PageState, 'settings'>> {
  // The service is asked at once, alongside the job and the queue (read from storage), not after them.
  const listed = api
    ? reportsForPage(api, url).then(
        ({ reports }) => ({ reports, reportsError: null }),
        (error: unknown) => {
          if (!isApiError(error)) throw error;
          return { reports: [], reportsError: errorForPages(error) };
        },
      )
    : Promise.resolve({ reports: [], reportsError: null });
  const [job, queued, list] = await Promise.all([currentJob(api, url, service), queuedFor(url, service), listed]);
  return { job, queued, ...list };
}
