import type { IncomingMessage } from 'node:http';
import { createReportsApi, type ReportsApi, type ReportsApiOptions } from '@/lib/api';
import { startReportService, type ServiceOptions } from '../service/server';
import { startPageServer, type PageRoute } from '../service/test-pages';

/** The accounts every contract test starts with. */
export const ACCOUNTS = {
  ada: { name: 'Ada Lovelace', email: 'ada@example.com', apiKey: 'contract-key-ada-4f9c1e', planName: 'Unlimited' },
  bob: { name: 'Bob Builder', email: 'bob@example.com', apiKey: 'contract-key-bob-7d2a90', planName: 'Small', reportsPerMonth: 2 },
  walled: { name: 'No API', email: 'walled@example.com', apiKey: 'contract-key-walled-31b', planName: 'Basic', apiAccess: false },
} as const;

export type AccountName = keyof typeof ACCOUNTS;

/** The local report service, with no rate limit unless a test asks for one. */
export async function startService(options: ServiceOptions = {}) {
  const service = await startReportService({ accounts: Object.values(ACCOUNTS).map((a) => ({ ...a })), rateLimit: null, ...options });
  const apiFor = (who: AccountName, extra: Partial<ReportsApiOptions> = {}): ReportsApi =>
    createReportsApi({ baseUrl: service.baseUrl, apiKey: ACCOUNTS[who].apiKey, ...extra });
  return { service, apiFor };
}

/**
 * Small web pages on 127.0.0.1 for the service to audit: any path is a page
 * titled after it, and `/redirect` sends the audit on to `/landing`.
 */
export async function startPages() {
  const page = (req: IncomingMessage): PageRoute => {
    const title = `Page ${req.url ?? '/'}`;
    return {
      gzip: false,
      body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="A small page for audits."></head><body><h1>${title}</h1><p>Some words.</p></body></html>`,
    };
  };
  const server = await startPageServer({ '/redirect': { redirect: '/landing' } }, { otherwise: page });
  const host = new URL(server.origin).host;
  return {
    ...server,
    /** How the service stores the address of a page here. */
    stored: (path: string) => `${host}${path === '/' ? '' : path}`,
  };
}

export { failure } from '../support/api-failure';
