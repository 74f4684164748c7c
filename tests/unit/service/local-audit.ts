/** Audits of pages on a local page server, straight through the service's audit (fetch, site files, checks). */
import { auditPage, type AuditVariant } from '../../service/audit.ts';
import type { CheckResult } from '../../service/checks/types.ts';
import { LOOPBACK_TLS, startPageServer, type PageServerOptions, type Route } from '../../service/test-pages.ts';

export type Results = Record<string, CheckResult>;

export interface LocalSite {
  origin: string;
  url(path: string): string;
  audit(path: string, variant?: AuditVariant): Promise<Results>;
  close(): Promise<void>;
}

export async function localSite(routes: Record<string, Route>, options: PageServerOptions = {}): Promise<LocalSite> {
  const server = await startPageServer(routes, options);
  return {
    origin: server.origin,
    url: server.url,
    audit: async (path, variant) => (await auditPage(server.url(path), { timeoutMs: 5000, extraCaCerts: [LOOPBACK_TLS.cert] }, variant)).results,
    close: () => server.close(),
  };
}

/** A page of the given head and body, with nothing else in it. */
export function page(head: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;
}

/** Names of the failed checks, sorted. */
export function failed(results: Results): string[] {
  return Object.entries(results)
    .filter(([, r]) => !r.passed)
    .map(([name]) => name)
    .sort();
}
