import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '@/lib/background/handlers';
import { PATH_OFFERED } from '@/lib/background/path-on-other-hosts';
import { originPattern } from '@/lib/shared/permission';
import { startReportService, type RunningService } from '../../service/server';
import { installFakePermissions } from './fake-permissions';

let service: RunningService;
const KEY = 'path-hosts-key-0123456789';

beforeAll(async () => {
  service = await startReportService({ accounts: [{ name: 'Ada', email: 'ada@example.com', apiKey: KEY, reportsPerMonth: -1 }] });
});
afterAll(() => service.close());

beforeEach(async () => {
  fakeBrowser.reset();
  installFakePermissions().add(originPattern(service.baseUrl));
  await createHandlers().saveConnection({ baseUrl: service.baseUrl, apiKey: KEY });
});

describe('the same path on other hosts', () => {
  it('offers the reports of that path on every other host, newest first, and nothing else', async () => {
    const seeded = service.seedReports(KEY, [
      { url: 'https://staging.shop.test/pricing', score: 60, generatedAt: '2024-05-01T10:00:00Z' },
      { url: 'https://staging.shop.test/pricing', score: 62, generatedAt: '2024-05-02T10:00:00Z' },
      { url: 'https://www.shop.test/pricing', score: 90, generatedAt: '2024-05-03T10:00:00Z' },
      { url: 'http://dev.shop.test:8080/Pricing/', score: 70, generatedAt: '2024-05-04T10:00:00Z' },
      { url: 'https://shop.test/pricing/team', score: 80 },
      { url: 'https://shop.test/about?from=/pricing', score: 80 },
    ]);
    const found = await createHandlers().findPathOnOtherHosts({ url: 'staging.shop.test/pricing' });
    expect(found.map((r) => r.id)).toEqual([seeded[3]!.id, seeded[2]!.id]);
    expect(found[1]).toEqual({
      id: seeded[2]!.id,
      url: 'shop.test/pricing',
      score: 90,
      label: 'good',
      generatedAt: expect.stringMatching(/^2024-05-03T10:00:00/),
    });
    // One request: the path searched for, the rest filtered out here.
    expect(service.requestLog.at(-1)?.path).toContain('/api/v1/reports?search=%2Fpricing&search_by=url&');
  });

  it('finds a home page on other hosts, which has no path to search for', async () => {
    const seeded = service.seedReports(KEY, [
      { url: 'https://staging.home.test/', score: 50 },
      { url: 'https://home.test', score: 88 },
      { url: 'https://home.test/blog', score: 88 },
    ]);
    const found = await createHandlers().findPathOnOtherHosts({ url: 'staging.home.test' });
    expect(found.map((r) => r.url)).toContain('home.test');
    expect(found.map((r) => r.url)).not.toContain('home.test/blog');
    expect(found.map((r) => r.id)).not.toContain(seeded[0]!.id);
  });

  it(`offers at most ${PATH_OFFERED}`, async () => {
    service.seedReports(
      KEY,
      Array.from({ length: PATH_OFFERED + 5 }, (_, i) => ({ url: `https://h${i}.many.test/same`, score: 50 })),
    );
    expect(await createHandlers().findPathOnOtherHosts({ url: 'many.test/same' })).toHaveLength(PATH_OFFERED);
  });
});
