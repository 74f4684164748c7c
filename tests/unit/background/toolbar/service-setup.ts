import { createReportsApi, type ReportsApi } from '@/lib/api';
import { writeConnection } from '@/lib/storage';
import { startReportService, type RunningService } from '../../../service/server';
import { startPageServer, type PageServer } from '../../../service/test-pages';
import type { FakeToolbarApis } from './fake-apis';

/**
 * The real local report service and a few web pages for it to audit, both
 * on loopback: the features are tested against the same HTTP answers the
 * extension gets in use.
 */

export interface ServiceWorld {
  service: RunningService;
  pages: PageServer;
  key: string;
  /** The service as the test sees it, to check what the extension did there. */
  api: ReportsApi;
  close(): Promise<void>;
}

const PAGE = (title: string) => `<html lang="en"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

export async function startWorld(): Promise<ServiceWorld> {
  const service = await startReportService({
    accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: 'ada-key-0123456789', reportsPerMonth: -1 }],
  });
  const pages = await startPageServer({ '/': { body: PAGE('Home') }, '/blog': { body: PAGE('Blog') }, '/pricing': { body: PAGE('Pricing') } });
  const key = service.accounts[0]!.apiKey;
  return {
    service,
    pages,
    key,
    api: createReportsApi({ baseUrl: service.baseUrl, apiKey: key }),
    close: async () => {
      await service.close();
      await pages.close();
    },
  };
}

/** What the options page leaves behind once the user has connected: the permission, then the key. */
export async function connect(world: ServiceWorld, apis: FakeToolbarApis): Promise<void> {
  apis.granted.add(`${new URL(world.service.baseUrl).protocol}//127.0.0.1/*`);
  await writeConnection({ baseUrl: world.service.baseUrl, apiKey: world.key });
}

/** Requests the extension made to the service's API, e.g. `POST /api/v1/reports`. */
export function apiCalls(world: ServiceWorld, method: string, pathStart: string): number {
  return world.service.requestLog.filter((r) => r.method === method && r.path.startsWith(pathStart)).length;
}
