/**
 * The sitemap reader over real HTTP, against the served sites of tests/service/sitemap-sites.ts:
 * the robots.txt path, indexes, gzip, and every bound a hostile site meets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSitemaps, SITEMAP_LIMITS } from '@/lib/background/sitemap/sitemap-read';
import { startPageServer, type PageServer } from '../../../service/test-pages.ts';
import {
  HOSTILE_OTHER_SITES,
  HOSTILE_SITE_PAGES,
  hostileSitemapRoutes,
  SITEMAP_SITE_PAGES,
  sitemapSiteRoutes,
} from '../../../service/sitemap-sites.ts';

let plain: PageServer;
let hostile: PageServer;
let bare: PageServer;

beforeAll(async () => {
  [plain, hostile, bare] = await Promise.all([
    startPageServer(sitemapSiteRoutes()),
    startPageServer(hostileSitemapRoutes()),
    startPageServer({ '/sitemap.xml': { body: '<urlset><url><loc>/only</loc></url></urlset>', gzip: false } }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), hostile?.close(), bare?.close()]);
});

describe('reading a site from its sitemaps', () => {
  it("follows robots.txt to the index, its urlset and its gzip file, keeping the site's own pages", async () => {
    const reading = await readSitemaps(plain.origin);
    expect(reading.addresses).toEqual(SITEMAP_SITE_PAGES.map((path) => plain.url(path)));
    // One address and one sitemap on other sites.
    expect(reading.otherSites).toBe(2);
    expect(reading.files).toBe(3);
    expect(reading.notes).toEqual([]);
  });

  it('reads /sitemap.xml when robots.txt names none, and resolves relative addresses', async () => {
    const reading = await readSitemaps(bare.origin);
    expect(reading).toEqual({ addresses: [bare.url('/only')], otherSites: 0, files: 1, notes: [] });
  });

  it('says there is no sitemap when neither robots.txt nor /sitemap.xml has one', async () => {
    const empty = await startPageServer({});
    try {
      expect(await readSitemaps(empty.origin)).toEqual({ addresses: [], otherSites: 0, files: 1, notes: [{ kind: 'none' }] });
    } finally {
      await empty.close();
    }
  });

  it('bounds a hostile site: endless body, gzip bomb, index loop, entity bomb, other sites', async () => {
    const started = Date.now();
    const reading = await readSitemaps(hostile.origin);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(reading.addresses).toEqual(HOSTILE_SITE_PAGES.map((path) => hostile.url(path)));
    expect(reading.otherSites).toBe(HOSTILE_OTHER_SITES);
    expect(reading.notes).toEqual(
      expect.arrayContaining([
        { kind: 'too-large', url: hostile.url('/huge.xml') },
        { kind: 'too-large', url: hostile.url('/bomb.xml.gz') },
        { kind: 'too-deep', url: `${hostile.origin}/loop-index.xml?level=2` },
        { kind: 'declaration', url: hostile.url('/entities.xml') },
      ]),
    );
    expect(reading.notes).toHaveLength(4);
    // robots.txt, then each sitemap: the index loop stops two levels down.
    expect(hostile.hits.filter((hit) => hit.startsWith('/loop-index.xml'))).toEqual([
      '/loop-index.xml',
      '/loop-index.xml?level=1',
      '/loop-index.xml?level=2',
    ]);
  });

  it('stops at the most files, the most addresses and the time it may take', async () => {
    const many = await readSitemaps(plain.origin, { ...SITEMAP_LIMITS, maxFiles: 2, maxAddresses: 3 });
    expect(many.addresses).toHaveLength(3);
    expect(many.notes).toEqual([{ kind: 'too-many-addresses' }, { kind: 'too-many-files' }]);

    const slow = await startPageServer({ '/sitemap.xml': { body: '<urlset></urlset>', delayMs: 5_000 } });
    try {
      const started = Date.now();
      const reading = await readSitemaps(slow.origin, { ...SITEMAP_LIMITS, maxMs: 500 });
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(reading.notes).toEqual([{ kind: 'too-slow', url: slow.url('/sitemap.xml') }]);
    } finally {
      await slow.close();
    }
  });
});
