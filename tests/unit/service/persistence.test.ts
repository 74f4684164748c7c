import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startReportService } from '../../service/server.ts';
import { pageHtml, startPageServer } from '../../service/test-pages.ts';
import { call } from './call.ts';

let dir: string;
let dataFile: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'report-service-'));
  dataFile = join(dir, 'data.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('keeping data in a file', () => {
  it('keeps every report, account and quota count across a restart', async () => {
    const pages = await startPageServer({ '/': { body: pageHtml() } });
    const before = await startReportService({ dataFile, reportsPerMonth: 1 });
    const key = before.accounts[0]!.apiKey;
    const created = await call(before.baseUrl, '/api/v1/reports', {
      method: 'POST',
      key,
      form: { url: pages.url('/'), privacy: '2', password: 'pw' },
    });
    expect(created.status).toBe(201);
    before.seedReports(key, [{ url: 'https://kept.example/a', score: 70 }]);
    const listed = (await call(before.baseUrl, '/api/v1/reports', { key })).body.data;
    await before.close();
    await pages.close();

    const after = await startReportService({ dataFile, reportsPerMonth: 1 });
    try {
      expect(after.accounts).toEqual(before.accounts);
      expect((await call(after.baseUrl, '/api/v1/reports', { key })).body.data).toEqual(listed);
      const [next] = after.seedReports(key, [{ url: 'https://kept.example/b', score: 10 }]);
      expect(next!.id).toBeGreaterThan(Math.max(...listed.map((r: { id: number }) => r.id)));
      // The one report this month's quota allows was created before the restart.
      const second = await call(after.baseUrl, '/api/v1/reports', { method: 'POST', key, form: { url: 'http://127.0.0.1:9/' } });
      expect(second.body).toEqual({ message: { url: ['You created too many reports.'] }, status: 422 });
    } finally {
      await after.close();
    }
  });

  it('writes through a temporary file and leaves none behind', async () => {
    const service = await startReportService({ dataFile });
    const key = service.accounts[0]!.apiKey;
    for (let i = 0; i < 5; i++) service.seedReports(key, [{ url: `https://example.com/${i}`, score: i }]);
    await call(service.baseUrl, '/api/v1/reports/1', { method: 'DELETE', key });
    await service.close();
    expect(readdirSync(dir)).toEqual(['data.json']);
    const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    expect(saved.reports.map((r: { url: string }) => r.url)).toEqual(['example.com/1', 'example.com/2', 'example.com/3', 'example.com/4']);
    expect(JSON.stringify(saved)).not.toMatch(/"password"/);
  });

  it('refuses to start on a file that is not its own, naming the file', async () => {
    writeFileSync(dataFile, '{"something": "else"}');
    await expect(startReportService({ dataFile })).rejects.toThrow(`${dataFile} is not a report service data file.`);
    writeFileSync(dataFile, '{not json');
    await expect(startReportService({ dataFile })).rejects.toThrow(/is not valid JSON/);
  });

  it('keeps nothing on disk without a data file', async () => {
    const service = await startReportService();
    service.seedReports(service.accounts[0]!.apiKey, [{ url: 'https://example.com/', score: 1 }]);
    await service.close();
    expect(readdirSync(dir)).toEqual([]);
  });
});
