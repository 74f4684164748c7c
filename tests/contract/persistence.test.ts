import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, failure, startPages, startService } from './harness';

let dir: string;
let pages: Awaited<ReturnType<typeof startPages>>;
const running: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'report-service-contract-'));
  pages = await startPages();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await pages.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(dataFile: string) {
  const env = await startService({ dataFile });
  running.push(env.service);
  return env;
}

describe('a service restarted on the same data file', () => {
  it('still has every report, change and deletion', async () => {
    const dataFile = join(dir, 'reports.json');
    const first = await start(dataFile);
    const ada = first.apiFor('ada');
    const created = await ada.createReport({ url: pages.url('/kept'), privacy: 2, password: 'kept' });
    const [seeded, doomed] = first.service.seedReports(ACCOUNTS.ada.apiKey, [
      { url: 'https://example.com/seeded', score: 55 },
      { url: 'https://example.com/doomed', score: 20 },
    ]);
    const changed = await ada.updateReport({ id: seeded!.id, privacy: 1 });
    await ada.deleteReport({ id: doomed!.id });
    const before = await ada.listReports({ perPage: 100 });
    await first.service.close();

    const second = await start(dataFile);
    const again = second.apiFor('ada');
    const after = await again.listReports({ perPage: 100 });
    // The listing is the same but for the service's clock at each answer, which a second may separate.
    expect({ ...after, serviceTime: null }).toEqual({ ...before, serviceTime: null });
    expect(await again.getReport({ id: created.id })).toEqual(created);
    expect(await again.getReport({ id: changed.id })).toEqual(changed);
    expect((await failure(again.getReport({ id: doomed!.id }))).kind).toBe('not-found');

    const next = await again.createReport({ url: pages.url('/after-restart'), privacy: 0 });
    expect(next.id).toBeGreaterThan(Math.max(created.id, doomed!.id));
  });

  it('keeps accounts apart after a restart', async () => {
    const dataFile = join(dir, 'apart.json');
    const first = await start(dataFile);
    first.service.seedReports(ACCOUNTS.bob.apiKey, [{ url: 'https://bob.example/private', score: 90 }]);
    await first.service.close();

    const second = await start(dataFile);
    expect((await second.apiFor('ada').listReports()).total).toBe(0);
    expect((await second.apiFor('bob').listReports()).total).toBe(1);
  });
});
