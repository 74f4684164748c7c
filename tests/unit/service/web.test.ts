import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { call } from './call.ts';

let service: RunningService;
let ids: number[];

beforeAll(async () => {
  service = await startReportService();
  ids = service
    .seedReports(service.accounts[0]!.apiKey, [
      { url: 'https://public.example/page', score: 88 },
      { url: 'https://private.example/', score: 50, privacy: 1 },
      { url: 'https://locked.example/', score: 30, privacy: 2, password: 'open sesame' },
    ])
    .map((r) => r.id);
});
afterAll(() => service.close());

const page = (path: string, form?: Record<string, string>) =>
  call(service.baseUrl, path, { accept: 'text/html', method: form ? 'POST' : 'GET', form });

describe('the website side', () => {
  it.each([
    ['/', 'Report service'],
    ['/login', '<form method="post" action="/login">'],
  ])('serves %s as an HTML page', async (path, text) => {
    const { status, headers, body } = await page(path);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(body).toContain(text);
  });

  it('shows a public report with its score', async () => {
    const { status, body } = await page(`/reports/${ids[0]}`);
    expect(status).toBe(200);
    expect(body).toContain('<h1>public.example/page</h1>');
    expect(body).toContain('<strong data-score>88</strong>');
    // The checks by tab, as the service's report page shows them.
    const tabs = [...body.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(tabs).toEqual(['SEO', 'Performance', 'Security', 'Miscellaneous']);
    expect(body.indexOf('<td>404_page</td>')).toBeLessThan(body.indexOf('<td>text_compression</td>'));
  });

  it('hides a private report', async () => {
    expect((await page(`/reports/${ids[1]}`)).status).toBe(404);
  });

  it('asks for the password of a protected report, and shows it once given', async () => {
    const asked = await page(`/reports/${ids[2]}`);
    expect(asked.status).toBe(200);
    expect(asked.body).toContain('password protected');
    expect(asked.body).not.toContain('data-score');
    const wrong = await page(`/reports/${ids[2]}`, { password: 'nope' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toContain('The password is incorrect.');
    const right = await page(`/reports/${ids[2]}`, { password: 'open sesame' });
    expect(right.status).toBe(200);
    expect(right.body).toContain('<strong data-score>30</strong>');
  });

  it.each(['/reports/999', '/api-docs', '/v1/reports'])('answers %s with an HTML 404', async (path) => {
    const { status, headers } = await page(path);
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('text/html');
  });
});

describe('seeding reports directly', () => {
  it('stores seeds like audited reports, with results that match their score', async () => {
    const key = service.accounts[0]!.apiKey;
    const seeded = service.seedReports(
      key,
      Array.from({ length: 60 }, (_, i) => ({ url: `https://www.seeded.example/p/${i}?q=1`, score: i })),
    );
    expect(seeded[5]).toEqual({ id: expect.any(Number), url: 'seeded.example/p/5?q=1', project: 'seeded.example' });
    const weights = { high: 10, medium: 5, low: 0 } as const;
    for (let wanted = 0; wanted < 60; wanted++) {
      const { body } = await call(service.baseUrl, `/api/v1/reports/${seeded[wanted]!.id}`, { key });
      expect(body.data.result).toBe(wanted);
      const results = Object.values(body.data.results) as { passed: boolean; importance: keyof typeof weights }[];
      const passed = results.filter((r) => r.passed).reduce((sum, r) => sum + weights[r.importance], 0);
      const total = results.reduce((sum, r) => sum + weights[r.importance], 0);
      expect(total).toBe(185);
      // The weights move the score in steps of 5 / 185 (2.7 points): the nearest step is at most half of one away.
      expect(Math.abs((passed / total) * 100 - wanted)).toBeLessThanOrEqual(((5 / 185) * 100) / 2);
    }
  });

  it.each([
    ['an address that is not http(s)', { url: 'example.com', score: 1 }, /not an http\(s\) address/],
    ['a score above 100', { url: 'https://example.com', score: 101 }, /integer 0–100 or null/],
    ['privacy 2 without a password', { url: 'https://example.com', score: 1, privacy: 2 as const }, /needs a password/],
  ])('refuses %s', (_, seed, message) => {
    expect(() => service.seedReports(service.accounts[0]!.apiKey, [seed])).toThrow(message);
  });

  it('refuses an unknown key without repeating it', () => {
    expect(() => service.seedReports('secret-unknown-key', [])).toThrow(/^seedReports: no account has that API key\.$/);
  });
});
