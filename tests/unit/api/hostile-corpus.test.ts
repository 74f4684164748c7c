import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, createReportsApi, type ReportsApi, type RetryPolicy } from '@/lib/api';
import { ENDPOINTS, HOSTILE_CORPUS, isSuccess, KEY, RETRIED, STALLS, type Endpoint, type HostileCase } from '../../fixtures/hostile';
import { REPORT_ID } from '../../fixtures/hostile/bodies';
import { startCannedServer } from './canned-server';
import { keyTraces } from './key-traces';

/*
 * Runs the hostile corpus (tests/fixtures/hostile): each case on its own
 * server on 127.0.0.1, so cases run side by side. Whatever the answer, the
 * client settles in time with a result or an ApiError of the expected kind,
 * asks no more often than its retry policy allows, words the error plainly,
 * and gives the key away in no form.
 */

const CALLS: Record<Endpoint, (api: ReportsApi) => Promise<unknown>> = {
  list: (api) => api.listReports({ search: 'example.com', perPage: 25 }),
  get: (api) => api.getReport({ id: REPORT_ID }),
  create: (api) => api.createReport({ url: 'https://example.com/', privacy: 2, password: 'pw' }),
  update: (api) => api.updateReport({ id: REPORT_ID, privacy: 1 }),
  delete: (api) => api.deleteReport({ id: REPORT_ID }),
  account: (api) => api.getAccount(),
};

const POLICY: RetryPolicy = { maxAttempts: 3, maxWaitMs: 30_000 };
/** The time limit for answers that stall, which the client must wait out; others get one they never reach on a busy machine. */
const STALL_LIMIT_MS = 300;
const ANSWER_LIMIT_MS = 5_000;

type Settled = { value: unknown } | { error: ApiError };

/** Anything thrown but an ApiError fails the case as it is. */
async function settle(call: Promise<unknown>): Promise<Settled> {
  try {
    return { value: await call };
  } catch (error) {
    if (error instanceof ApiError) return { error };
    throw error;
  }
}

/** The value at a dotted path, through own properties only; `#` counts entries. */
function at(value: unknown, path: string): unknown {
  let here = value;
  for (const step of path.split('.')) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = step === '#' ? Object.keys(here).length : Object.getOwnPropertyDescriptor(here, step)?.value;
  }
  return here;
}

/** Plain words: no markup, no stack, no programmer's values, a length a person reads. */
const MARKUP = /<\/?[a-z][^>]*>/i;
const PROGRAMMER = /\n|\bat \S+:\d+:\d+|\b(?:undefined|NaN|Infinity)\b|\[object /;

const outcomes = new Map<string, number>();

describe('the hostile corpus', () => {
  it('holds at least 150 cases, each named once per call', () => {
    const names = HOSTILE_CORPUS.map((c) => `${c.endpoint}: ${c.name}`);
    expect(new Set(names).size).toBe(names.length);
    expect(HOSTILE_CORPUS.length).toBeGreaterThanOrEqual(150);
    for (const endpoint of ENDPOINTS) expect(HOSTILE_CORPUS.filter((c) => c.endpoint === endpoint).length).toBeGreaterThanOrEqual(50);
  });

  const rows = HOSTILE_CORPUS.map((c): [string, HostileCase] => [`${c.endpoint}: ${c.name}`, c]);
  it.concurrent.for(rows)('%s', { timeout: 15_000 }, async ([, c], { expect }) => {
    const server = await startCannedServer(c.answer);
    const slept: number[] = [];
    const stalls = c.answer.hang === true || (c.answer.fault !== undefined && STALLS.includes(c.answer.fault));
    const limit = stalls ? STALL_LIMIT_MS : ANSWER_LIMIT_MS;
    const api = createReportsApi({
      baseUrl: server.baseUrl,
      apiKey: KEY,
      timeoutMs: limit,
      createTimeoutMs: limit,
      retry: POLICY,
      sleep: async (ms) => void slept.push(ms),
    });
    try {
      const started = performance.now();
      const settled = await settle(CALLS[c.endpoint](api));
      const elapsed = performance.now() - started;
      const kind = 'error' in settled ? settled.error.kind : 'success';
      outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);

      // In time, and never a burst: writes are sent once, reads at most as often as the policy allows, after waits it allows.
      if (stalls) expect(elapsed).toBeLessThan(STALL_LIMIT_MS + 2_000);
      expect(server.received.length).toBeGreaterThanOrEqual(1);
      expect(server.received.length).toBeLessThanOrEqual(RETRIED.includes(c.endpoint) ? POLICY.maxAttempts : 1);
      expect(slept).toHaveLength(server.received.length - 1);
      for (const ms of slept) expect(ms).toBeGreaterThanOrEqual(1_000);
      expect(slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(POLICY.maxWaitMs);

      const expected = c.expected;
      if (isSuccess(expected)) {
        if ('error' in settled) return expect.fail(`expected a success, got ${JSON.stringify(settled.error)}`);
        const { value } = settled;
        const stored = JSON.stringify(value);
        expect(JSON.parse(stored)).toStrictEqual(value);
        for (const [path, wanted] of Object.entries(expected.ok)) expect(at(value, path), path).toStrictEqual(wanted);
        if (expected.contains !== undefined) expect(stored).toContain(expected.contains);
        if (expected.lacks !== undefined) expect(stored).not.toContain(expected.lacks);
        expect(keyTraces(stored, KEY)).toEqual([]);
        return;
      }

      if (!('error' in settled)) return expect.fail(`expected ${expected.kind}, got a success: ${JSON.stringify(settled.value).slice(0, 300)}`);
      const { error } = settled;
      expect(error.kind).toBe(expected.kind);
      if (expected.message) expect(error.message).toMatch(expected.message);
      expect(error.message.trim()).not.toBe('');
      expect(error.message.length).toBeLessThanOrEqual(400);
      expect(error.message).not.toMatch(MARKUP);
      expect(error.message).not.toMatch(PROGRAMMER);
      if (error.retryAfterSeconds !== undefined) {
        expect(Number.isInteger(error.retryAfterSeconds) && error.retryAfterSeconds >= 1 && error.retryAfterSeconds <= 3600).toBe(true);
      }
      if (expected.retryAfterSeconds !== undefined) expect(error.retryAfterSeconds ?? null).toBe(expected.retryAfterSeconds);
      expect(keyTraces(`${JSON.stringify(error)}\n${error.stack ?? ''}\n${String(error)}`, KEY)).toEqual([]);
    } finally {
      await server.close();
    }
  });

  afterAll(() => {
    const table = [...outcomes].sort(([, a], [, b]) => b - a).map(([kind, count]) => `${kind} ${count}`);
    console.info(`hostile corpus: ${HOSTILE_CORPUS.length} cases — ${table.join(', ')}`);
  });
});
