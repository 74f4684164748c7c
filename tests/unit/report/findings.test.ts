import { describe, expect, it } from 'vitest';
import type { ReportCheck } from '@/lib/api';
import { readFinding, type Finding } from '@/lib/report/findings';
import { findingInShort } from '@/lib/report/markdown';
import { CUT_MARKER } from '@/lib/api/fields';
import { HUGE, MARKUP, WRONG_TYPES } from '../../fixtures/report-view/hostile';
import { RECORDED, reportOf } from '../../fixtures/report-view';

const checksOf = (results: unknown): Record<string, ReportCheck> => reportOf(results).checks ?? {};
const bad = checksOf(RECORDED.bad.results);
const good = checksOf(RECORDED.good.results);
const mediocre = checksOf(RECORDED.mediocre.results);
const finding = (checks: Record<string, ReportCheck>, key: string): Finding => readFinding(key, checks[key]!);
const inShort = (checks: Record<string, ReportCheck>, key: string) => {
  const read = finding(checks, key);
  return [read.kind, findingInShort(read)];
};

describe('the findings of the recorded bad page (every check failing that can)', () => {
  it.each([
    ['title', 'none', null],
    ['meta_description', 'none', null],
    ['headings', 'headings', 'The page has no headings'],
    ['content_keywords', 'none', null],
    ['image_keywords', 'list', '5 images without alt text'],
    ['image_format', 'list', '28 images in older formats'],
    ['in_page_links', 'groups', '6 links'],
    ['load_time', 'number', '3.78 s (limit: at most 2 s)'],
    ['page_size', 'number', '412.7 kB (limit: at most 330 kB)'],
    ['http_requests', 'groups', '53 resources'],
    ['defer_javascript', 'list', '14 scripts without defer'],
    ['dom_size', 'number', '2,874 elements (limit: at most 1,500 elements)'],
    ['doctype', 'none', null],
    ['text_compression', 'number', '412.7 kB'],
    ['structured_data', 'none', null],
    ['https_encryption', 'value', null],
    ['seo_friendly_url', 'value', null],
    ['content_length', 'number', '1,034 words (limit: at least 500 words)'],
    ['text_html_ratio', 'number', '2 % (limit: at least 10 %)'],
    ['deprecated_html_tags', 'counts', '3 deprecated tags'],
    ['404_page', 'none', null],
    ['robots', 'list', '1 blocking rule'],
    ['sitemap', 'none', null],
    ['mixed_content', 'none', null],
    ['server_signature', 'list', '1 Server header'],
    ['http2', 'value', null],
    ['htst', 'none', null],
    ['unsafe_cross_origin_links', 'list', '1 unsafe link'],
    ['plaintext_email', 'list', '3 e-mail addresses'],
    ['social', 'none', null],
    ['inline_css', 'list', '5 style attributes'],
  ])('%s: %s, %s', (key, kind, short) => {
    expect(inShort(bad, key)).toEqual([kind, short]);
  });

  it('reads limits sent as strings, and says when a limit is only the usual one', () => {
    expect(finding(bad, 'load_time')).toMatchObject({ value: 3.781254, unit: 'seconds', limit: { min: null, max: 2 }, fromReport: true });
    expect(finding(bad, 'page_size')).toMatchObject({ limit: { max: 330000 }, fromReport: true });
    expect(finding(bad, 'content_length')).toMatchObject({ limit: { min: 500, max: null }, fromReport: false });
  });

  it('counts each deprecated tag, in the order the service sent them', () => {
    expect(finding(bad, 'deprecated_html_tags')).toMatchObject({
      entries: [
        { name: 'center', count: 6 },
        { name: 'font', count: 41 },
        { name: 'u', count: 2 },
      ],
    });
  });

  it('groups the resources by type and links with their text', () => {
    const requests = finding(bad, 'http_requests');
    expect(requests.kind === 'groups' && requests.groups.map((g) => [g.name, g.total])).toEqual([
      ['JavaScripts', 14],
      ['CSS', 9],
      ['Images', 28],
      ['Iframes', 2],
    ]);
    const links = finding(bad, 'in_page_links');
    expect(links.kind === 'groups' && links.groups[1]!.items[0]).toEqual({ text: 'mailto:sales@oldshop.example.org', note: 'E-mail us', href: null });
    expect(links.kind === 'groups' && links.groups[1]!.items[1]).toEqual({
      text: 'http://www.partner-shop.example.com/',
      note: 'Our partner',
      href: 'http://www.partner-shop.example.com/',
    });
  });

  it('adds the protocol to the HTTP version', () => {
    expect(finding(bad, 'http2')).toEqual({ kind: 'value', text: 'HTTP/1.1', href: null });
  });
});

describe('the findings of the recorded good and mediocre pages', () => {
  it('measures the title against the usual limit', () => {
    expect(finding(good, 'title')).toEqual({
      kind: 'text',
      text: 'Fresh Sourdough Bread Delivered Daily | Example Bakery',
      length: 54,
      limit: { min: 1, max: 60 },
      fromReport: false,
    });
  });

  it('reads a list with gaps (an object with numeric keys) in order', () => {
    const words = finding(good, 'content_keywords');
    expect(words.kind === 'list' && words.items.map((i) => i.text)).toEqual([
      'fresh',
      'sourdough',
      'bread',
      'delivered',
      'daily',
      'example',
      'bakery',
    ]);
  });

  it('draws the heading outline by level', () => {
    expect(finding(good, 'headings')).toEqual({
      kind: 'headings',
      levels: [
        { level: 1, texts: ['Fresh sourdough, baked every morning'], total: 1 },
        { level: 2, texts: ['Our breads', 'How delivery works', 'Opening hours'], total: 3 },
        { level: 3, texts: ['Country loaf', 'Seeded rye', 'Spelt & honey'], total: 3 },
      ],
      problems: [],
    });
    expect(finding(mediocre, 'headings')).toMatchObject({ problems: ['The h1 repeats the title word for word.'] });
  });

  it('names the kinds of structured data and their types', () => {
    expect(finding(good, 'structured_data')).toEqual({
      kind: 'structured',
      groups: [
        { name: 'Open Graph', types: [], fields: ['og:title', 'og:type', 'og:url', 'og:image'] },
        { name: 'Twitter', types: [], fields: ['twitter:card', 'twitter:site'] },
        { name: 'Schema.org', types: ['Bakery'], fields: ['name', 'url', 'telephone'] },
      ],
    });
  });

  it('shows a whole number sent as a float as a whole number', () => {
    expect(findingInShort(finding(good, 'text_html_ratio'))).toBe('18 % (limit: at least 10 %)');
    expect(findingInShort(finding(good, 'page_size'))).toBe('9.2 kB (limit: at most 330 kB)');
  });

  it('lists nothing for a passed check whose value is the accepted list, not a finding', () => {
    expect(finding(good, 'image_format')).toEqual({ kind: 'none' });
  });
});

describe('the local service’s shapes, which differ from the real one’s', () => {
  it.each([
    ['image_keywords', { passed: false, importance: 'medium', value: ['/a.png'], errors: { missing: ['/a.png'] } }, '1 image without alt text'],
    [
      'unsafe_cross_origin_links',
      { passed: false, importance: 'medium', value: ['https://x.example/'], errors: { found: ['https://x.example/'] } },
      '1 unsafe link',
    ],
    ['inline_css', { passed: false, importance: 'low', value: 4, errors: { found: 4 } }, '4 style attributes'],
    ['deprecated_html_tags', { passed: false, importance: 'low', value: { font: 2 }, errors: { found: { font: 2 } } }, '1 deprecated tag'],
    ['title', { passed: false, importance: 'high', value: 'x'.repeat(70), errors: { too_long: { max: 60, length: 70 } } }, '70 characters'],
  ])('%s', (key, check, short) => {
    expect(findingInShort(readFinding(key, checksOf({ [key]: check })[key]!))).toBe(short);
  });
});

describe('bodies no service should send', () => {
  it.each(Object.keys(WRONG_TYPES))('%s of the wrong type is read without throwing, as text', (key) => {
    const checks = checksOf(WRONG_TYPES);
    const check = checks[key];
    if (!check) return; // Dropped at the border (an entry that is not a check at all): nothing to draw.
    const read = readFinding(key, check);
    expect(read.kind).toBeDefined();
    // No address from the body becomes a link unless it is http(s).
    expect(JSON.stringify(read)).not.toMatch(/"href":"javascript:/i);
  });

  it('turns a check of an unknown key into a compact value and its problems', () => {
    const read = readFinding(MARKUP, checksOf(WRONG_TYPES)[MARKUP]!);
    expect(read.kind).toBe('compact');
    expect(read.kind === 'compact' && read.value).toBe(JSON.stringify(MARKUP));
  });

  it.each(Object.keys(HUGE))('%s, huge or deeply nested, is read quickly and bounded', (key) => {
    const started = performance.now();
    const read = readFinding(key, checksOf(HUGE)[key]!);
    expect(performance.now() - started).toBeLessThan(500);
    expect(JSON.stringify(read).length).toBeLessThan(2_000_000);
  });

  it('counts a huge list in full, though it keeps only the first 5000 items', () => {
    // Straight to the renderer: the API client itself cuts what it keeps (see the next test).
    const missing = Array.from({ length: 20_000 }, (_, i) => ({ url: `https://example.com/${i}.png`, text: '' }));
    const read = readFinding('image_keywords', { passed: false, value: null, errors: { missing } });
    expect(read).toMatchObject({ kind: 'list', total: 20_000 });
    expect(read.kind === 'list' && read.items).toHaveLength(5000);
  });

  it('shows where the API client cut a list too long to keep', () => {
    const read = readFinding('image_keywords', checksOf(HUGE).image_keywords!);
    expect(read.kind).toBe('list');
    expect(JSON.stringify(read)).toContain(CUT_MARKER);
  });
});
