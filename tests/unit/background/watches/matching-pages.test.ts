import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { MAX_WATCHES, type ListFilters } from '@/lib/protocol';
import { originPattern } from '@/lib/shared/permission';
import { startReportService, type RunningService } from '../../../service/server';
import { installFakePermissions } from '../fake-permissions';

/**
 * "Watch these pages" for "all N matching": the background reads the reports the filters match from the
 * local service and answers their pages, each once with its latest report's privacy, leaving out pages
 * watched already; more pages than the watches have room for are refused whole, read no further.
 */

let service: RunningService;
const KEY = 'watch-matching-key-0123456789';
const ALL: ListFilters = { search: '', project: '', result: 'all', sortBy: 'id', sort: 'desc' };
const listRequests = () => service.requestLog.filter((entry) => entry.method === 'GET' && entry.path.startsWith('/api/v1/reports?')).length;

beforeAll(async () => {
  service = await startReportService({ rateLimit: null, accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY }] });
});
afterAll(() => service.close());

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(service.baseUrl));
  await createHandlers().saveConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});

describe('the pages of every matching report, to watch', () => {
  it('answers each page of the filter once, with its latest report’s privacy, leaving out pages watched already', async () => {
    service.seedReports(KEY, [
      { url: 'https://shoes.test/', score: 80, privacy: 0, generatedAt: '2026-01-01T10:00:00Z' },
      { url: 'https://shoes.test/', score: 70, privacy: 1, generatedAt: '2026-02-01T10:00:00Z' },
      { url: 'https://www.shoes.test/boots', score: 60, privacy: 2, password: 'secret-pass' },
      { url: 'https://shoes.test/sandals', score: 50, privacy: 0 },
      { url: 'https://hats.test/caps', score: 90, privacy: 0 },
    ]);
    const handlers = createHandlers();
    await handlers.addWatches({ pages: [{ url: 'https://shoes.test/sandals' }], every: 'weekly', hour: 9, offsetMinutes: 0 });

    const found = await handlers.matchingPagesToWatch({ filters: { ...ALL, project: 'shoes.test' } });
    expect(found.tooMany).toBe(false);
    expect(found.watched).toBe(1);
    expect(found.max).toBe(MAX_WATCHES);
    expect(found.pages).toEqual(
      expect.arrayContaining([
        { url: 'https://shoes.test', privacy: 1 },
        { url: 'https://shoes.test/boots', privacy: 2 },
      ]),
    );
    expect(found.pages).toHaveLength(2);

    // Watched as "Watch these pages" watches them: the password-protected page as private, none twice.
    const added = await handlers.addWatches({ pages: found.pages, every: 'weekly', hour: 9, offsetMinutes: 0 });
    expect(added.added).toBe(2);
    expect(added.madePrivate).toBe(1);
    expect((await handlers.matchingPagesToWatch({ filters: { ...ALL, project: 'shoes.test' } })).pages).toEqual([]);
  });

  it(`refuses more pages than the ${MAX_WATCHES} watches hold, reading no further than the first page past the room`, async () => {
    service.seedReports(
      KEY,
      Array.from({ length: 450 }, (_, i) => ({ url: `https://many.test/page-${i}`, score: 50 })),
    );
    const before = listRequests();
    const found = await createHandlers().matchingPagesToWatch({ filters: { ...ALL, project: 'many.test' } });
    expect(found).toEqual({ pages: [], tooMany: true, watched: 0, max: MAX_WATCHES });
    // 100 reports a page: the 201st page is on the third, and the fourth and fifth are never asked for.
    expect(listRequests() - before).toBe(3);
  });

  it('gives every page when they fill the room exactly', async () => {
    service.seedReports(
      KEY,
      Array.from({ length: MAX_WATCHES }, (_, i) => ({ url: `https://full.test/page-${i}`, score: 50 })),
    );
    const found = await createHandlers().matchingPagesToWatch({ filters: { ...ALL, project: 'full.test' } });
    expect(found.tooMany).toBe(false);
    expect(found.pages).toHaveLength(MAX_WATCHES);
  });
});
