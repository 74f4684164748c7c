import { storedAddress } from '../../../lib/shared/page-address.ts';

/** A report as the service's API sends it (the fields the end-to-end tests compare). */
export interface StoredReport {
  id: number;
  url: string;
  result: number | null;
  privacy: number;
  password: boolean;
  generated_at: string;
  /** The checks behind the score, by key. */
  results: Record<string, { passed: boolean; importance: string }>;
}

/**
 * What the service itself holds, read over its API as any client would: the truth the
 * extension's screens are checked against.
 */
export function storedReports(baseUrl: string, apiKey: string) {
  const headers = { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' };
  return {
    async byId(id: number): Promise<StoredReport> {
      const response = await fetch(`${baseUrl}/api/v1/reports/${id}`, { headers });
      if (response.status !== 200) throw new Error(`GET /reports/${id} answered ${response.status}`);
      return ((await response.json()) as { data: StoredReport }).data;
    },
    /** The reports of exactly this page (the service's search matches substrings). */
    async ofPage(pageUrl: string): Promise<StoredReport[]> {
      const search = storedAddress(pageUrl);
      const query = new URLSearchParams({ search, search_by: 'url', per_page: '100' });
      const response = await fetch(`${baseUrl}/api/v1/reports?${query}`, { headers });
      if (response.status !== 200) throw new Error(`GET /reports?${query} answered ${response.status}`);
      return ((await response.json()) as { data: StoredReport[] }).data.filter((r) => r.url === search);
    },
  };
}
