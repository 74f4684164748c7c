import { launchExtensionBrowser } from '../e2e/support/browser.ts';
import { startReportService } from '../service/server.ts';
import { fortyChecks, RECORDED } from '../fixtures/report-view/index.ts';
import { openTabOnce } from './report-bench.ts';
import { reportViewPath } from '../../lib/shared/report-view-address.ts';
const API_KEY = 'bench-key-7c1e5a90d3b24f68';
const [dir, out] = process.argv.slice(2);
const service = await startReportService({ rateLimit: null, accounts: [{ name: 'Bench', email: 'b@example.com', apiKey: API_KEY }] });
const audited = 'https://shop.example.org/products/walking-shoes';
const earlier = [RECORDED.bad, RECORDED.mediocre, RECORDED.good, RECORDED.mediocre];
service.seedReports(
  API_KEY,
  earlier.map((r, i) => ({ url: audited, score: r.score, results: r.results, generatedAt: new Date(Date.now() - (5 - i) * 86400000).toISOString() })),
);
const [forty] = service.seedReports(API_KEY, [{ url: audited, score: 11, results: fortyChecks() }]);
const ext = await launchExtensionBrowser({ extensionDir: dir! });
await ext.grantHostPermission(service.baseUrl);
const options = await ext.openOptions();
await options.evaluate((payload) => browser.runtime.sendMessage({ type: 'saveConnection', payload }), { baseUrl: service.baseUrl, apiKey: API_KEY });
const view = reportViewPath({ id: forty!.id, url: forty!.url }).slice(1);
for (let i = 0; i < 5; i++) await openTabOnce(ext, view);
for (let i = 0; i < 3; i++) {
  await options.tracing.start({
    path: `${out}-${i}.json`,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'toplevel',
      'disabled-by-default-devtools.timeline.frame',
      'blink',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
    ],
  });
  const s = await openTabOnce(ext, view);
  await options.tracing.stop();
  console.log(JSON.stringify(s));
}
await ext.close();
await service.close();
