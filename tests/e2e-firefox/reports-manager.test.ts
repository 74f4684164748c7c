/**
 * The reports manager in Firefox, with the same page object as in Chromium, against the local
 * report service seeded with 300 reports: searching, paging and deleting, each checked against
 * what the service itself answers.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReportService, type RunningService } from '../service/server.ts';
import { timeFile } from '../e2e/support/file-timing.ts';
import { OptionsPage } from '../e2e/support/pages/options.ts';
import { ReportsManagerPage, type ListQuery } from '../e2e/support/pages/reports-manager.ts';
import { RunsPanelPage } from '../e2e/support/pages/runs-panel.ts';
import { launchFirefoxExtension, type FirefoxExtension } from './support/firefox.ts';

const fileTiming = timeFile('firefox reports-manager.test.ts');
const PROJECTS = ['example.com', 'blog.example.org', 'shop.example.net'];
const SEEDED = 300;
const HOUR = 3_600_000;

let service: RunningService;
let apiKey: string;
let ext: FirefoxExtension;
let options: Page;
let manager: ReportsManagerPage;

/** The service's own answer for a list query, read over HTTP as any client would. */
async function serviceList(query: ListQuery): Promise<{ data: { id: number; url: string }[]; meta: { total: number; last_page: number } }> {
  const params = new URLSearchParams({ sort_by: 'id', sort: 'desc', per_page: String(query.perPage ?? 25), page: String(query.page ?? 1) });
  if (query.search) params.set('search', query.search);
  if (query.search) params.set('search_by', 'url');
  const response = await fetch(`${service.baseUrl}/api/v1/reports?${params}`, {
    headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: { id: number; url: string }[]; meta: { total: number; last_page: number } };
}

beforeAll(async () => {
  service = await startReportService({ latencyMs: 300 });
  apiKey = service.accounts[0]!.apiKey;
  const now = Date.now();
  service.seedReports(
    apiKey,
    Array.from({ length: SEEDED }, (_, i) => ({
      url: `https://${PROJECTS[i % PROJECTS.length]}/page-${i}`,
      score: (i * 37 + 11) % 101,
      privacy: (i % 3) as 0 | 1 | 2,
      ...(i % 3 === 2 ? { password: 'seeded' } : {}),
      generatedAt: new Date(now - i * HOUR).toISOString(),
    })),
  );
  ext = await launchFirefoxExtension();
  options = await ext.openOptions();
  await options.setViewport({ width: 1280, height: 900 });
  const form = new OptionsPage(options);
  await form.waitForLoaded();
  expect(await form.connect(ext, { baseUrl: service.baseUrl, apiKey }, 'grant')).toMatchObject({ ok: true });
  manager = new ReportsManagerPage(options);
  await manager.resetListQuery();
}, 60_000);

afterAll(async () => {
  await ext?.close();
  await service?.close();
  await fileTiming.done();
});

describe('the reports manager in Firefox', () => {
  it('shows the newest 25 first, with the total', async () => {
    await manager.waitForList({ page: 1, perPage: 25, sortBy: 'id', sort: 'desc' });
    const expected = await serviceList({});
    expect(await manager.rowIds()).toEqual(expected.data.map((r) => r.id));
    expect(await manager.countText()).toBe(`1–25 of ${SEEDED} reports`);
    await ext.screenshot(options, 'reports-manager');
  });

  it('searches the addresses once typing pauses', async () => {
    await manager.typeSearch('page-2');
    await manager.waitForList({ search: 'page-2' });
    const expected = await serviceList({ search: 'page-2' });
    expect(expected.meta.total).toBeGreaterThan(25);
    expect(await manager.rowIds()).toEqual(expected.data.map((r) => r.id));
    for (const address of await manager.rowAddresses()) expect(address).toContain('page-2');
    await manager.clearSearch();
    await manager.waitForList({ page: 1 }, { search: undefined });
  });

  it('pages forward, to the last page and back to the first', async () => {
    await manager.pager('Next');
    await manager.waitForList({ page: 2 });
    expect(await manager.rowIds()).toEqual((await serviceList({ page: 2 })).data.map((r) => r.id));
    await manager.pager('Last');
    const last = Math.ceil(SEEDED / 25);
    await manager.waitForList({ page: last });
    expect(await manager.pageText()).toBe(`Page ${last} of ${last}`);
    expect(await manager.rowIds()).toEqual((await serviceList({ page: last })).data.map((r) => r.id));
    await manager.pager('First');
    await manager.waitForList({ page: 1 });
  });

  it('deletes one report after naming it', async () => {
    const ids = await manager.rowIds();
    const [address] = (await manager.rowAddresses()).slice(1, 2);
    await manager.rowButton(ids[1]!, 'Delete');
    expect(await manager.dialogText()).toContain(address);
    await manager.dialogButton('Delete report');
    await manager.waitForNoDialog();
    await options.waitForFunction((id) => !document.querySelector(`tr[data-report-id="${id}"]`), {}, ids[1]);
    await manager.waitForIdle();
    expect((await serviceList({})).meta.total).toBe(SEEDED - 1);
    expect(await manager.rowIds()).toEqual((await serviceList({})).data.map((r) => r.id));
  });

  it('deletes the reports selected on a page, in the background', async () => {
    const chosen = (await manager.rowIds()).slice(0, 5);
    for (const id of chosen) await options.click(`tr[data-report-id="${id}"] input[type="checkbox"]`);
    expect(await manager.selectionText()).toBe('5 selected');
    await manager.selectionButton('Delete');
    await manager.dialogButton('Delete 5 reports');
    await manager.waitForNoDialog();
    const runs = new RunsPanelPage(options);
    const run = await runs.newest('Delete 5 reports');
    expect((await runs.waitForState(run.id, 'finished', 30_000)).summary).toBe('Deleted 5 of 5 reports.');
    await options.waitForFunction((id) => !document.querySelector(`tr[data-report-id="${id}"]`), {}, chosen[0]);
    await manager.waitForIdle();
    expect((await serviceList({})).meta.total).toBe(SEEDED - 6);
    expect(await manager.rowIds()).toEqual((await serviceList({})).data.map((r) => r.id));
  });
});
