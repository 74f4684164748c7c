import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReportService, type RunningService } from '../../service/server.ts';
import { pageHtml, startPageServer, type PageServer } from '../../service/test-pages.ts';
import { call } from './call.ts';

let service: RunningService;
let pages: PageServer;
let key: string;
let pageVersion = 1;

beforeAll(async () => {
  pages = await startPageServer({
    '/page': { body: pageHtml() },
    // Changes between audits, so a regenerated report differs from the first.
    '/changing': () => ({ body: pageVersion === 1 ? pageHtml() : pageHtml({ title: null }) }),
  });
  service = await startReportService();
  key = service.accounts[0]!.apiKey;
});
afterAll(async () => {
  await Promise.all([service.close(), pages.close()]);
});
beforeEach(() => service.configure({ latencyMs: 0, reportsPerMonth: -1 }));

const create = (form: Record<string, string>) => call(service.baseUrl, '/api/v1/reports', { method: 'POST', key, form });
const update = (id: number, form: Record<string, string>) => call(service.baseUrl, `/api/v1/reports/${id}`, { method: 'PUT', key, form });

describe('creating a report', () => {
  it.each([
    ['no url', { privacy: '0' }, { url: ['The url field is required.'] }],
    ['an empty url', { url: '', privacy: '0' }, { url: ['The url field is required.'] }],
    ['a url of 2049 characters', { url: `https://example.com/${'a'.repeat(2029)}` }, { url: ['The url must not be greater than 2048 characters.'] }],
    ['a url without scheme', { url: 'example.com' }, { url: ['The url must be a valid URL.'] }],
    ['an ftp url', { url: 'ftp://example.com/' }, { url: ['The url must be a valid URL.'] }],
    ['privacy 3', { url: 'https://example.com', privacy: '3' }, { privacy: ['The privacy must be between 0 and 2.'] }],
    ['a privacy word', { url: 'https://example.com', privacy: 'public' }, { privacy: ['The privacy must be an integer.'] }],
    ['privacy 2 without password', { url: 'https://example.com', privacy: '2' }, { password: ['The password field is required when privacy is 2.'] }],
    [
      'a password of 129 characters',
      { url: 'https://example.com', privacy: '2', password: 'p'.repeat(129) },
      { password: ['The password must not be greater than 128 characters.'] },
    ],
    [
      'nothing but privacy 2',
      { privacy: '2' },
      { url: ['The url field is required.'], password: ['The password field is required when privacy is 2.'] },
    ],
  ])('rejects %s with the field errors under message', async (_, form, errors) => {
    const { status, body } = await create(form);
    expect(status).toBe(422);
    expect(body).toEqual({ message: errors, status: 422 });
  });

  it('answers 201 with the report, public by default, password never shown', async () => {
    const { status, body } = await create({ url: pages.url('/page') });
    expect(status).toBe(201);
    expect(body).toEqual({
      data: {
        id: expect.any(Number),
        url: `${new URL(pages.origin).host}/page`,
        project: '127.0.0.1',
        result: 92,
        results: expect.any(Object),
        privacy: 0,
        password: false,
        generated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000000Z$/),
        created_at: body.data.generated_at,
        updated_at: body.data.generated_at,
      },
      status: 200,
    });
  });

  it('keeps a password for privacy 2, and reads JSON bodies too', async () => {
    const { status, body } = await call(service.baseUrl, '/api/v1/reports', {
      method: 'POST',
      key,
      json: { url: pages.url('/page'), privacy: 2, password: 'secret' },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ privacy: 2, password: true });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('waits the configured latency before answering', async () => {
    service.configure({ latencyMs: 300 });
    const started = performance.now();
    expect((await create({ url: pages.url('/page') })).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('the monthly quota', () => {
  it('refuses reports past the quota, and deleting one does not give it back', async () => {
    const fresh = await startReportService({ reportsPerMonth: 2 });
    const freshKey = fresh.accounts[0]!.apiKey;
    const make = () => call(fresh.baseUrl, '/api/v1/reports', { method: 'POST', key: freshKey, form: { url: pages.url('/page') } });
    try {
      const first = await make();
      expect((await make()).status).toBe(201);
      await call(fresh.baseUrl, `/api/v1/reports/${first.body.data.id}`, { method: 'DELETE', key: freshKey });
      const refused = await make();
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message: { url: ['You created too many reports.'] }, status: 422 });
      expect((await call(fresh.baseUrl, '/api/v1/account', { key: freshKey })).body.data.plan.features.reports).toBe(2);
      fresh.configure({ reportsPerMonth: -1 });
      expect((await make()).status).toBe(201);
    } finally {
      await fresh.close();
    }
  });
});

describe('updating a report', () => {
  it('changes privacy and password, keeping a set password when none is sent', async () => {
    const { body } = await create({ url: pages.url('/page'), privacy: '2', password: 'one' });
    const id: number = body.data.id;
    expect((await update(id, { privacy: '2' })).body.data).toMatchObject({ privacy: 2, password: true });
    expect((await update(id, { privacy: '1' })).body.data).toMatchObject({ privacy: 1, password: false });
    const again = await update(id, { privacy: '2' });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: { password: ['The password field is required when privacy is 2.'] }, status: 422 });
    expect((await update(id, { privacy: '7' })).status).toBe(422);
    expect((await update(id, { privacy: '2', password: 'two' })).body).toMatchObject({ data: { privacy: 2, password: true }, status: 200 });
  });

  it('leaves the results alone unless results=1, which runs the audit again', async () => {
    pageVersion = 1;
    const [seeded] = service.seedReports(key, [{ url: pages.url('/changing'), score: 40, generatedAt: '2024-01-02T03:04:05Z' }]);
    const id = seeded!.id;
    pageVersion = 2;
    const plain = await update(id, { privacy: '1' });
    expect(plain.body.data).toMatchObject({ result: 40, generated_at: '2024-01-02T03:04:05.000000Z' });
    expect(pages.hits.filter((h) => h === '/changing')).toHaveLength(0);

    service.configure({ latencyMs: 200 });
    const started = performance.now();
    const regenerated = await update(id, { results: '1' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(regenerated.status).toBe(200);
    // Without a title, over plain http: title, content_keywords, seo_friendly_url and https_encryption
    // (high) and http2 (medium) fail, 45 of 185 lost: round(140 / 185 × 100) = 76.
    expect(regenerated.body.data).toMatchObject({ result: 76, privacy: 1, results: { title: { passed: false } } });
    expect(regenerated.body.data.generated_at > '2024-01-02T03:04:05.000000Z').toBe(true);
    expect(regenerated.body.data.created_at).toBe('2024-01-02T03:04:05.000000Z');
  });
});

describe('deleting a report', () => {
  it('answers with the id, then the report is gone', async () => {
    const [seeded] = service.seedReports(key, [{ url: 'https://gone.example/', score: 50 }]);
    const path = `/api/v1/reports/${seeded!.id}`;
    const { status, body } = await call(service.baseUrl, path, { method: 'DELETE', key });
    expect(status).toBe(200);
    expect(body).toEqual({ id: seeded!.id, object: 'report', deleted: true, status: 200 });
    expect((await call(service.baseUrl, path, { key })).status).toBe(404);
    expect((await call(service.baseUrl, path, { method: 'DELETE', key })).status).toBe(404);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 and keeps nothing of the failed change', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'report-service-'));
    const broken = await startReportService({ dataFile: join(dir, 'data.json') });
    const brokenKey = broken.accounts[0]!.apiKey;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      rmSync(dir, { recursive: true });
      const { status, body } = await call(broken.baseUrl, '/api/v1/reports', { method: 'POST', key: brokenKey, form: { url: pages.url('/page') } });
      expect(status).toBe(500);
      expect(body).toEqual({ message: 'An unexpected error has occurred, please try again.', status: 500 });
      expect((await call(broken.baseUrl, '/api/v1/reports', { key: brokenKey })).body.meta.total).toBe(0);
      expect(logged).toHaveBeenCalledOnce();
      expect(inspect(logged.mock.calls)).not.toContain(brokenKey);
    } finally {
      logged.mockRestore();
      await broken.close();
    }
  });
});
