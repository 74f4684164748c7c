import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, failure, startService } from './harness';

/**
 * A service whose list never ends (`endlessList`): the client stops reading it at the size cap and says so in
 * plain words, in time; the rest of the API answers meanwhile; and the list reads again once the service does.
 */

let env: Awaited<ReturnType<typeof startService>>;

beforeAll(async () => {
  env = await startService();
  env.service.seedReports(ACCOUNTS.ada.apiKey, [
    { url: 'https://example.com/a', score: 90 },
    { url: 'https://example.com/b', score: 40 },
  ]);
});
afterAll(async () => {
  await env.service.close();
});

describe('a list that never ends', () => {
  it('is refused at the size cap within 10 s, while the account still answers', async () => {
    env.service.configure({ endlessList: {} });
    const api = env.apiFor('ada');
    const started = performance.now();
    const list = failure(api.listReports({ perPage: 25 }));
    const account = await api.getAccount();
    const error = await list;
    const seconds = (performance.now() - started) / 1000;
    console.info(`endless list refused after ${seconds.toFixed(2)} s`);
    expect(account.name).toBe('Ada Lovelace');
    expect(error.kind).toBe('too-large');
    expect(error.message).toMatch(/^The answer from this address was over 10 MB, far too large to be a list of reports/);
    expect(seconds).toBeLessThan(10);
  });

  it('reads again once the service answers as usual', async () => {
    env.service.configure({ endlessList: null });
    const page = await env.apiFor('ada').listReports({ perPage: 25 });
    expect(page.reports.map((r) => r.url).sort()).toEqual(['example.com/a', 'example.com/b']);
  });
});
