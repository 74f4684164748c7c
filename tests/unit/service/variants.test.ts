import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { CHANGING_PATH, KNOWN_PAGES, knownPageHtml, knownPages, pageHtml, startPageServer, type PageServer } from '../../service/test-pages.ts';
import { call, failedChecks } from './call.ts';

let service: RunningService;
let site: PageServer;
let key: string;
const known = knownPages();
const score = (highFailed: number, mediumFailed: number, total = 185) => Math.round(((total - 10 * highFailed - 5 * mediumFailed) / total) * 100);

beforeAll(async () => {
  site = await startPageServer({ ...known.routes, '/perfect': { body: pageHtml() }, '/no-title': { body: pageHtml({ title: null }) } });
  service = await startReportService();
  key = service.accounts[0]!.apiKey;
});
afterAll(() => Promise.all([service.close(), site.close()]));

async function createRaw(path: string): Promise<string> {
  const res = await fetch(`${service.baseUrl}/api/v1/reports`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ url: site.url(path), privacy: '0' }),
  });
  return res.text();
}
const create = async (path: string) => JSON.parse(await createRaw(path));

describe('the JSON text', () => {
  it('writes PHP floats with their decimal point, as the service does', async () => {
    const raw = await createRaw('/perfect');
    const wire = gzipSync(Buffer.from(pageHtml())).length;
    expect(raw).toContain(`"page_size":{"passed":true,"importance":"medium","value":${wire}.0}`);
    expect(raw).toContain(`"text_compression":{"passed":true,"importance":"high","value":${wire}.0}`);
    // Body text "WelcomeSome words about this page." against the whole page.
    const ratio = Math.round((34 / pageHtml().length) * 100);
    expect(raw).toContain(`"text_html_ratio":{"passed":false,"importance":"low","value":${ratio}.0,"errors":{"too_small":{"min":"10"}}}`);
    expect(raw).toMatch(/"load_time":\{"passed":true,"importance":"medium","value":\d+\.\d+\}/);
    // Read back, they are numbers like any other.
    expect(JSON.parse(raw).data.results.page_size.value).toBe(wire);
  });
});

describe('variants', () => {
  it('v18 sends 33 checks, without doctype, http2 and htst, out of 175', async () => {
    service.configure({ variant: 'v18' });
    try {
      const { data } = await create('/perfect');
      expect(Object.keys(data.results)).toHaveLength(33);
      expect(Object.keys(data.results).filter((name) => ['doctype', 'http2', 'htst'].includes(name))).toEqual([]);
      // Over plain http only https_encryption (high) is lost.
      expect(data.result).toBe(score(1, 0, 175));
    } finally {
      service.configure({ variant: 'v13' });
    }
  });

  it('errorKeys "last" keeps only the last error key of a check', async () => {
    service.configure({ errorKeys: 'last' });
    try {
      const { data } = await create('/no-title');
      expect(data.results.title.errors).toEqual({ length: { min: '1', max: '60' } });
    } finally {
      service.configure({ errorKeys: 'all' });
    }
  });
});

describe('the known pages', () => {
  it.each([
    // Over plain http: meta_description, headings, image_keywords and https_encryption (high), unsafe links and http2 (medium).
    [KNOWN_PAGES.failing.path, KNOWN_PAGES.failing.fails, score(4, 2)],
    [KNOWN_PAGES.fixed.path, KNOWN_PAGES.fixed.fails, score(1, 1)],
  ])('%s fails exactly the checks it says', async (path, fails, expected) => {
    const { data } = await create(path);
    expect(failedChecks(data.results)).toEqual(fails);
    expect(data.result).toBe(expected);
  });

  it('mark each faulty element with the checks it fails, and nothing on the fixed page', () => {
    const marked = (html: string) => [...new Set([...html.matchAll(/data-fault="([^"]+)"/g)].flatMap((m) => (m[1] ?? '').split(' ')))].sort();
    expect(marked(knownPageHtml('failing'))).toEqual(KNOWN_PAGES.failing.builtToFail.filter((check) => check !== 'meta_description'));
    expect(marked(knownPageHtml('fixed'))).toEqual([]);
  });

  it('serve one address whose report changes from failing to fixed', async () => {
    known.show('failing');
    const before = await create(CHANGING_PATH);
    known.show('fixed');
    const after = await call(service.baseUrl, `/api/v1/reports/${before.data.id}`, { method: 'PUT', key, form: { results: '1' } });
    expect(failedChecks(before.data.results)).toEqual(KNOWN_PAGES.failing.fails);
    expect(failedChecks(after.body.data.results)).toEqual(KNOWN_PAGES.fixed.fails);
  });
});

describe('seeded reports', () => {
  const samples = (file: string) => JSON.parse(readFileSync(new URL(`../../fixtures/results/${file}`, import.meta.url), 'utf8'));

  it('carry recorded entries, failing the first checks in the service’s order until the score is reached', async () => {
    // 85 wants 15 % of 185 lost: 27.75, nearest step of 5 is 30, three high checks: title, meta_description, headings.
    const [made] = service.seedReports(key, [{ url: 'https://www.example.com/page', score: 85 }]);
    const { body } = await call(service.baseUrl, `/api/v1/reports/${made!.id}`, { key });
    expect(failedChecks(body.data.results)).toEqual(['headings', 'meta_description', 'title']);
    expect(body.data.results.title).toEqual(samples('kind-text.json').failed.title);
    expect(body.data.results.headings).toEqual(samples('kind-headings.json').failed.headings);
    expect(body.data.results.structured_data).toEqual(samples('kind-structured-data.json').passed.structured_data);
    expect(body.data.results.seo_friendly_url.value).toBe('https://www.example.com/page');
  });
});
