import { describe, expect, it } from 'vitest';
import { whatChanged } from '@/lib/report/changes';
import { compareReports } from '@/lib/report/compare-reports';
import { SHOWN_ENTRIES } from '@/lib/report/finding-changes';
import { comparisonMarkdown } from '@/lib/report/comparison-markdown';
import { checkName } from '@/lib/shared/check-names';
import { outcomesOf } from '@/lib/shared/check-summary';
import { RECORDED, reportOf, type Results } from '../../fixtures/report-view';

const webUrl = (id: number) => `https://reports.example.com/reports/${id}`;
const viewOf = (results: unknown, over: Record<string, unknown>) => {
  const report = reportOf(results, over);
  return { report, webUrl: webUrl(report.id) };
};

/** The checks both ran, failing in `a` and passing in `b`: read straight from the two `results`, as the spec defines "fails". */
const failingOnlyIn = (a: Results, b: Results) =>
  Object.keys(a)
    .filter((key) => key in b && !a[key]!.passed && b[key]!.passed)
    .map(checkName);

const check = (passed: boolean, value: unknown, errors?: unknown) => ({ passed, importance: 'high' as const, value, ...(errors ? { errors } : {}) });
const images = (host: string, names: string[]) => names.map((name) => ({ url: `https://${host}/img/${name}`, text: '' }));

describe('two reports compared', () => {
  const mediocre = viewOf(RECORDED.mediocre.results, { id: 7, url: RECORDED.mediocre.url, result: 73 });
  const good = viewOf(RECORDED.good.results, { id: 9, url: RECORDED.good.url, result: 97, generated_at: '2024-06-01T08:00:00Z' });

  it('names the checks failing in one report and passing in the other, each way, with the score difference', () => {
    const c = compareReports(mediocre, good);
    expect(c.broken.map((x) => x.name)).toEqual(failingOnlyIn(RECORDED.mediocre.results, RECORDED.good.results));
    expect(c.fixed.map((x) => x.name)).toEqual(failingOnlyIn(RECORDED.good.results, RECORDED.mediocre.results));
    // The mediocre page fails 12 checks the good one passes (both fail HTTP/2); the good one fails inline CSS only.
    expect(c.broken).toHaveLength(12);
    expect(c.fixed).toEqual([{ key: 'inline_css', name: 'Inline CSS' }]);
    expect(c.scoreDelta).toBe(-24);
    expect(c.here).toMatchObject({ id: 7, url: RECORDED.mediocre.url, score: 73, label: 'decent', webUrl: webUrl(7) });
    expect(c.there).toMatchObject({ id: 9, score: 97, label: 'good', generatedAt: '2024-06-01T08:00:00.000Z' });
  });

  it('is the same comparison "What changed" makes with the report before', () => {
    const c = compareReports(mediocre, good);
    const previous = { id: 9, score: 97, label: 'good' as const, generatedAt: null, outcomes: outcomesOf(good.report.checks!) };
    const changes = whatChanged({ report: mediocre.report, previous });
    expect(changes?.fixed).toEqual(c.fixed);
    expect(changes?.broken).toEqual(c.broken);
  });

  it('leaves out a check only one report ran, and says so when either has no checks at all', () => {
    const a = viewOf({ title: check(false, null, { missing: null }), newer: check(false, 1) }, { id: 1 });
    const b = viewOf({ title: check(true, 'Hello'), older: check(true, 1) }, { id: 2 });
    expect(compareReports(a, b)).toMatchObject({ broken: [{ key: 'title' }], fixed: [], checksCompared: true });
    const none = viewOf(null, { id: 3, result: null });
    expect(compareReports(a, none)).toMatchObject({ checksCompared: false, broken: [], fixed: [], findings: [], scoreDelta: null });
  });
});

describe('findings that differ within a check both reports ran', () => {
  it('lists the items found in one report only, each way; an image of the same path on both hosts is one image', () => {
    const staging = viewOf(
      { image_keywords: check(false, null, { missing: images('staging.example.com', ['a.png', 'b.png', 'c.png']) }) },
      {
        id: 1,
        url: 'staging.example.com/shop',
      },
    );
    const production = viewOf(
      { image_keywords: check(false, null, { missing: images('example.com', ['b.png', 'c.png', 'd.png']) }) },
      {
        id: 2,
        url: 'example.com/shop',
      },
    );
    expect(compareReports(staging, production).findings).toEqual([
      { key: 'image_keywords', name: 'Image alt text', kind: 'items', here: ['/img/a.png'], moreHere: 0, there: ['/img/d.png'], moreThere: 0 },
    ]);
  });

  it('sets one value against the other, and finds nothing to say where both read alike', () => {
    const a = viewOf(
      { language: check(true, 'en'), load_time: check(true, 0.41), favicon: check(true, 'https://example.com/favicon.ico') },
      {
        id: 1,
        url: 'example.com/',
      },
    );
    const b = viewOf(
      { language: check(true, 'de'), load_time: check(true, 0.4100001), favicon: check(true, 'https://staging.example.com/favicon.ico') },
      { id: 2, url: 'staging.example.com/' },
    );
    expect(compareReports(a, b).findings).toEqual([
      { key: 'language', name: 'Language', kind: 'value', here: ['en'], moreHere: 0, there: ['de'], moreThere: 0 },
    ]);
  });

  it('shows the first items of a long list and counts the rest', () => {
    const many = Array.from({ length: SHOWN_ENTRIES + 4 }, (_, i) => `n${i}.png`);
    const a = viewOf({ image_keywords: check(false, null, { missing: images('example.com', many) }) }, { id: 1 });
    const b = viewOf({ image_keywords: check(true, null) }, { id: 2 });
    const [finding] = compareReports(a, b).findings;
    expect(finding).toMatchObject({ here: many.slice(0, SHOWN_ENTRIES).map((n) => `/img/${n}`), moreHere: 4, there: [], moreThere: 0 });
  });

  it('reads headings, tag counts and recorded bodies without a second reader', () => {
    const a = viewOf({ headings: check(false, { h1: ['Shoes', 'Sale'], h2: ['Sizes'] }, { too_many: null }) }, { id: 1 });
    const b = viewOf({ headings: check(true, { h1: ['Shoes'], h2: ['Sizes', 'Care'] }) }, { id: 2 });
    expect(compareReports(a, b).findings[0]).toMatchObject({ key: 'headings', here: ['H1: Sale'], there: ['H2: Care'] });
    const bad = viewOf(RECORDED.bad.results, { id: 3, url: RECORDED.bad.url });
    const good = viewOf(RECORDED.good.results, { id: 4, url: RECORDED.good.url });
    const keys = compareReports(bad, good).findings.map((f) => f.key);
    expect(keys).toContain('deprecated_html_tags');
    expect(keys.every((key) => key in RECORDED.bad.results && key in RECORDED.good.results)).toBe(true);
  });
});

describe('a comparison as Markdown', () => {
  it('names both reports, the checks failing in one only, and the findings that differ', () => {
    const a = viewOf(
      {
        title: check(false, null, { missing: null }),
        language: check(true, 'en'),
        image_keywords: check(false, null, { missing: images('example.com', ['a_1.png']) }),
      },
      { id: 1, url: 'example.com/shop', result: 80 },
    );
    const b = viewOf(
      { title: check(true, 'Shop'), language: check(false, null, { missing: null }), image_keywords: check(true, null) },
      { id: 2, url: 'staging.example.com/shop', result: 90, generated_at: '2024-04-02T09:30:00Z' },
    );
    expect(comparisonMarkdown(compareReports(a, b))).toBe(`## Site Report: example.com/shop compared with staging.example.com/shop

- This report: example.com/shop, Score 80 (Good), generated 2024-05-01 10:00 UTC: <https://reports.example.com/reports/1>
- Compared with: staging.example.com/shop, Score 90 (Good), generated 2024-04-02 09:30 UTC: <https://reports.example.com/reports/2>

Score difference: −10

### Failing here, passing in the other report

- Title
- Image alt text

### Passing here, failing in the other report

- Language

### Findings that differ

- **Title**
  - This report: none
  - Other report: \`Shop\`
- **Language**
  - This report: \`en\`
  - Other report: none
- **Image alt text**
  - Only in this report: \`/img/a_1.png\`
  - Only in the other report: none
`);
  });
});
