import type { Page } from 'puppeteer-core';
import type { ServicesView } from '@/lib/protocol';
import { startReportService, type RunningService } from '../../service/server.ts';
import { sendFrom } from './pages/settings-file.ts';

export interface SecondService {
  service: RunningService;
  /** Its report of the page. */
  report: { id: number };
  /** Its id in the extension, and the default service's. */
  id: string;
  defaultId: string;
}

/**
 * A second local service holding a report of `url`, saved in the extension as "Second" through `page`, one of its
 * own pages. Reports of other pages come first: the page's report there has an id the first service never gave it.
 * The caller closes `service`.
 */
export async function addSecondService(page: Page, url: string, apiKey: string): Promise<SecondService> {
  const service = await startReportService({ accounts: [{ name: 'Bo', email: 'bo@second.example', apiKey }] });
  try {
    service.seedReports(
      apiKey,
      [1, 2, 3, 4, 5, 6].map((n) => ({ url: `https://elsewhere.example/${n}`, score: 50 })),
    );
    const [report] = service.seedReports(apiKey, [{ url, score: 33 }]);
    const { view } = await sendFrom<{ view: ServicesView }>(page, 'saveService', {
      name: 'Second',
      baseUrl: service.baseUrl,
      apiKey,
      keyForSessionOnly: false,
    });
    return { service, report: report!, id: view.services.find((entry) => entry.name === 'Second')!.id, defaultId: view.defaultId! };
  } catch (error) {
    await service.close();
    throw error;
  }
}
