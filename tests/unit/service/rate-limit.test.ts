import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../service/rate-limit.ts';
import { startReportService, type RunningService } from '../../service/server.ts';
import { call } from './call.ts';

let service: RunningService;
const first = { name: 'First', email: 'first@example.com', apiKey: 'first-key-000000000000000' };
const second = { name: 'Second', email: 'second@example.com', apiKey: 'second-key-00000000000000' };

beforeAll(async () => {
  service = await startReportService({ accounts: [first, second], rateLimit: { limit: 3, windowSeconds: 60 } });
});
afterAll(() => service.close());

const account = (key: string) => call(service.baseUrl, '/api/v1/account', { key });

describe('the rate limit over HTTP', () => {
  it('counts down on every answer, then answers 429 with when to retry', async () => {
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const { status, headers } = await account(first.apiKey);
      expect(status).toBe(200);
      expect(headers.get('x-ratelimit-limit')).toBe('3');
      remaining.push(headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    const limited = await account(first.apiKey);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThan(2);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('counts each key on its own', async () => {
    const { status, headers } = await account(second.apiKey);
    expect(status).toBe(200);
    expect(headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('can be turned off and on while running', async () => {
    service.configure({ rateLimit: null });
    const free = await account(first.apiKey);
    expect(free.status).toBe(200);
    expect(free.headers.get('x-ratelimit-limit')).toBeNull();
    service.configure({ rateLimit: { limit: 600, windowSeconds: 60 } });
    expect((await account(first.apiKey)).headers.get('x-ratelimit-remaining')).toBe('599');
  });
});

describe('the rate limit window', () => {
  it('opens again once the window has passed', () => {
    const limiter = new RateLimiter({ limit: 2, windowSeconds: 10 });
    expect(limiter.hit('k', 0).allowed).toBe(true);
    expect(limiter.hit('k', 1000).allowed).toBe(true);
    const refused = limiter.hit('k', 4000);
    expect(refused.allowed).toBe(false);
    expect(refused.headers['Retry-After']).toBe('6');
    expect(refused.headers['X-RateLimit-Reset']).toBe('10');
    expect(limiter.hit('k', 10_000)).toEqual({ allowed: true, headers: { 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1' } });
  });
});
