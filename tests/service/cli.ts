/**
 * `npm run service`: the local report service on 127.0.0.1, kept in `.service-data.json`.
 * Flags: --port N (or PORT), --seed N demo reports, --data FILE, --memory (keep nothing),
 * --latency MS before each audit, --quota N reports a month, --variant v13|v15|v18 (v15 and v18
 * send 33 checks, without doctype, http2 and htst), --error-keys all|last (last: a failed check
 * keeps only its last error key, as the KalimeroMK port sends it), --rate-limit N requests a window per key
 * (default 600) and --rate-window S seconds (default 60): `--rate-limit 60 --rate-window 3` is the common
 * 60 a minute, in a short window for tests. --endless-list: the list answers with a body that never ends, as fast
 * as the client reads (--endless-rate N: N bytes a second). --seed-site N: one site of N reports (1000 or more)
 * over 200 pages with known failing checks (site-seeds.ts), for the site view.
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { demoSeeds } from './demo-seeds.ts';
import { siteSeeds } from './site-seeds.ts';
import { startReportService } from './server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    seed: { type: 'string' },
    data: { type: 'string' },
    memory: { type: 'boolean' },
    latency: { type: 'string' },
    quota: { type: 'string' },
    variant: { type: 'string' },
    'error-keys': { type: 'string' },
    'rate-limit': { type: 'string' },
    'rate-window': { type: 'string' },
    'endless-list': { type: 'boolean' },
    'endless-rate': { type: 'string' },
    'seed-site': { type: 'string' },
  },
});

function oneOf<const T extends string>(text: string | undefined, allowed: readonly T[], fallback: T, name: string): T {
  if (text === undefined) return fallback;
  const found = allowed.find((value) => value === text);
  if (found === undefined) throw new Error(`--${name} is one of ${allowed.join(', ')}, not "${text}"`);
  return found;
}

const number = (text: string | undefined, fallback: number, name: string): number => {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new Error(`--${name} wants a whole number, not "${text}"`);
  return n;
};

const defaultData = fileURLToPath(new URL('../../.service-data.json', import.meta.url));
const service = await startReportService({
  port: number(values.port ?? process.env.PORT, 8787, 'port'),
  dataFile: values.memory ? undefined : (values.data ?? defaultData),
  latencyMs: number(values.latency, 0, 'latency'),
  reportsPerMonth: number(values.quota, -1, 'quota'),
  variant: oneOf(values.variant, ['v13', 'v15', 'v18'], 'v13', 'variant'),
  errorKeys: oneOf(values['error-keys'], ['all', 'last'], 'all', 'error-keys'),
  rateLimit: { limit: number(values['rate-limit'], 600, 'rate-limit'), windowSeconds: number(values['rate-window'], 60, 'rate-window') },
  endlessList: values['endless-list'] ? (values['endless-rate'] ? { bytesPerSecond: number(values['endless-rate'], 0, 'endless-rate') } : {}) : null,
});
const account = service.accounts[0];
if (!account) throw new Error('The service started without an account.');

const seedCount = number(values.seed, 0, 'seed');
if (seedCount > 0) service.seedReports(account.apiKey, demoSeeds(seedCount));
const siteCount = values['seed-site'] === undefined ? 0 : number(values['seed-site'] || '1000', 1000, 'seed-site');
const siteProject = siteCount > 0 ? service.seedReports(account.apiKey, siteSeeds({ reports: siteCount }))[0]?.project : undefined;

console.log(`Report service running at ${service.baseUrl} (API: ${service.baseUrl}/api/v1)`);
console.log(`Demo account ${account.email}, API key: ${account.apiKey}`);
if (seedCount > 0) console.log(`Added ${seedCount} demo reports.`);
if (siteProject) console.log(`Added ${siteCount} reports of the site ${siteProject}: open site.html?project=${siteProject} in the extension.`);
console.log(values.memory ? 'Keeping data in memory only.' : `Data file: ${values.data ?? defaultData}`);
if (values.variant || values['error-keys'])
  console.log(`Reports as ${values.variant ?? 'v13'} sends them, error keys: ${values['error-keys'] ?? 'all'}.`);
if (values['endless-list']) console.log('The list answers with a body that never ends.');

const stop = () => void service.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
