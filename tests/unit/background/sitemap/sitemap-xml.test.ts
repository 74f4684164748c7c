import { describe, expect, it } from 'vitest';
import { decodeEntities, LOC_MAX_CHARS, readSitemapXml } from '@/lib/background/sitemap/sitemap-xml';
import { sitemapsInRobots } from '@/lib/background/sitemap/robots-sitemaps';

const urlset = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${inner}</urlset>`;

describe('reading sitemap XML', () => {
  it('reads the <loc> of each <url> of a urlset, and nothing else', () => {
    const text = urlset(`
      <url><loc>https://example.com/</loc><lastmod>2026-01-01</lastmod></url>
      <!-- <url><loc>https://example.com/commented</loc></url> -->
      <url><loc>
        https://example.com/b
      </loc><image:image><image:loc>https://example.com/pic.png</image:loc></image:image></url>
      <url><loc></loc></url>`);
    expect(readSitemapXml(text, 100)).toEqual({ ok: true, kind: 'urlset', locs: ['https://example.com/', 'https://example.com/b'], more: false });
  });

  it('reads the <loc> of each <sitemap> of an index, prefixed or not', () => {
    const text = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:sitemap><sm:loc>https://example.com/a.xml</sm:loc></sm:sitemap>
      <sm:sitemap><sm:loc>https://example.com/b.xml.gz</sm:loc><sm:lastmod>2026-01-01</sm:lastmod></sm:sitemap>
    </sm:sitemapindex>`;
    expect(readSitemapXml(text, 100)).toEqual({
      ok: true,
      kind: 'index',
      locs: ['https://example.com/a.xml', 'https://example.com/b.xml.gz'],
      more: false,
    });
  });

  it.each([
    ['the five entities', 'https://example.com/?a=1&amp;b=&lt;&gt;&quot;&apos;', `https://example.com/?a=1&b=<>"'`],
    ['decimal and hex character references', 'https://example.com/&#99;af&#xE9;', 'https://example.com/café'],
    ['CDATA, taken as it is', '<![CDATA[https://example.com/?a=1&b=2]]>', 'https://example.com/?a=1&b=2'],
    ['CDATA between text', 'https://example.com/<![CDATA[a&b]]>/c&amp;d', 'https://example.com/a&b/c&d'],
  ])('decodes %s', (_, loc, address) => {
    expect(readSitemapXml(urlset(`<url><loc>${loc}</loc></url>`), 10)).toMatchObject({ ok: true, locs: [address] });
  });

  it.each([
    ['a DOCTYPE', `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "aaaa">]>${urlset('<url><loc>&a;</loc></url>')}`, 'declaration'],
    ['an ENTITY declaration alone', `<!ENTITY a "b">${urlset('')}`, 'declaration'],
    ['a DOCTYPE without entities', `<!DOCTYPE urlset>${urlset('<url><loc>https://example.com/</loc></url>')}`, 'declaration'],
    ['an entity XML does not define', urlset('<url><loc>https://example.com/&lol9;</loc></url>'), 'entity'],
    ['a lone ampersand', urlset('<url><loc>https://example.com/?a=1&b=2</loc></url>'), 'entity'],
    ['a character reference past Unicode', urlset('<url><loc>https://example.com/&#x110000;</loc></url>'), 'entity'],
    ['an HTML page', '<!doctype html><html><body>Not found</body></html>', 'declaration'],
    ['another root', '<rss><channel><link>https://example.com/</link></channel></rss>', 'not-sitemap'],
    ['an unclosed root', '<urlset><url><loc>https://example.com/</loc></url>', 'not-sitemap'],
    ['crossed tags', '<urlset><url><loc>https://example.com/</url></loc></urlset>', 'not-sitemap'],
    ['plain text', 'https://example.com/a\nhttps://example.com/b', 'not-sitemap'],
    ['nesting past any sitemap', urlset('<a>'.repeat(40) + '</a>'.repeat(40)), 'not-sitemap'],
  ])('refuses %s', (_, text, problem) => {
    expect(readSitemapXml(text, 10)).toEqual({ ok: false, problem });
  });

  it('keeps at most the number of addresses asked, and says more were there', () => {
    const text = urlset(Array.from({ length: 5 }, (_, i) => `<url><loc>https://example.com/${i}</loc></url>`).join(''));
    expect(readSitemapXml(text, 3)).toEqual({
      ok: true,
      kind: 'urlset',
      locs: ['https://example.com/0', 'https://example.com/1', 'https://example.com/2'],
      more: true,
    });
  });

  it('keeps a huge <loc> short, as no address that long is reported anyway', () => {
    const result = readSitemapXml(urlset(`<url><loc>https://example.com/${'a'.repeat(1_000_000)}</loc></url>`), 10);
    expect(result.ok && result.locs[0]!.length).toBe(LOC_MAX_CHARS + 1);
  });

  // Linear time: a reader that went back over the text for each address would take minutes here.
  it('reads 50,000 addresses in a few seconds at most, on a busy machine', () => {
    const text = urlset(Array.from({ length: 50_000 }, (_, i) => `<url><loc>https://example.com/page-${i}?a=1&amp;b=2</loc></url>`).join('\n'));
    const started = performance.now();
    const result = readSitemapXml(text, 50_000);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.ok && result.locs.length).toBe(50_000);
  });

  it('decodes entities, or says the text names one XML does not define', () => {
    expect(decodeEntities('a &amp; b &#60; &#x3E;')).toBe('a & b < >');
    expect(decodeEntities('&nbsp;')).toBeNull();
    expect(decodeEntities('&amp')).toBeNull();
  });
});

describe('the Sitemap: lines of a robots.txt', () => {
  it('names every sitemap, any case, relative ones made absolute, each once', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /private/',
      'Sitemap: https://example.com/sitemap-index.xml',
      '  sitemap:/relative.xml  # a comment',
      'SITEMAP : https://example.com/sitemap-index.xml',
      '# Sitemap: https://example.com/commented.xml',
      'Sitemap: ftp://example.com/nope.xml',
      'Sitemap:',
    ].join('\r\n');
    expect(sitemapsInRobots(robots, 'https://example.com', 10)).toEqual([
      'https://example.com/sitemap-index.xml',
      'https://example.com/relative.xml',
    ]);
  });

  it('stops at the most files it would read', () => {
    const robots = Array.from({ length: 1000 }, (_, i) => `Sitemap: https://example.com/${i}.xml`).join('\n');
    expect(sitemapsInRobots(robots, 'https://example.com', 50)).toHaveLength(50);
  });

  it('finds none in a file without the line', () => {
    expect(sitemapsInRobots('User-agent: *\nDisallow:', 'https://example.com', 10)).toEqual([]);
  });
});
