import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CheckResult } from './checks/types.ts';
import { handleApi } from './api.ts';
import type { ChecksVersion } from './checks/index.ts';
import type { EndlessPace, ServiceSettings, ServiceState } from './context.ts';
import { send } from './http.ts';
import { RateLimiter, type RateLimitConfig } from './rate-limit.ts';
import { seedInto } from './seed.ts';
import { Store } from './store.ts';
import { nowTime } from './time.ts';
import { handleWeb } from './web.ts';

export interface ServiceOptions {
  /** 0 picks a free port (the default here); the command line uses 8787. */
  port?: number;
  host?: string;
  /** Default: one demo account with the key `demo-key-0123456789abcdef`. */
  accounts?: AccountSeed[];
  /** Keep everything in this JSON file, written atomically, read back on start. */
  dataFile?: string;
  /** Added before every audit (create, and update with results=1). */
  latencyMs?: number;
  /** Per API key; null turns it off. Default 600 a minute. */
  rateLimit?: RateLimitConfig | null;
  /** Monthly quota of accounts without their own; -1 (default) is unlimited. */
  reportsPerMonth?: number;
  /** Deadline of the page fetch of an audit, redirects included. Default 15000. */
  fetchTimeoutMs?: number;
  /** Page size when `per_page` is not 10, 25, 50 or 100. Default 10. */
  perPageFallback?: 10 | 25;
  /** Certificate authorities (PEM) to trust when auditing https pages, besides the system ones. */
  extraCaCerts?: string[];
  /** Creates a report, then drops the connection without an answer. */
  dropAfterCreate?: boolean;
  /** `v13` (default): all 36 checks; `v15`/`v18`: 33, without doctype, http2 and htst. */
  variant?: ChecksVersion;
  /** `all` (default): a failed check keeps every error key; `last`: only the last, as the KalimeroMK port does. */
  errorKeys?: 'all' | 'last';
  /** Set: the list answers 200 with a body that never ends, at this pace (the rest of the API as usual). Default null. */
  endlessList?: EndlessPace | null;
}

export interface AccountSeed {
  name: string;
  email: string;
  apiKey: string;
  planName?: string;
  reportsPerMonth?: number;
  /** false: every API call answers 403 "You don't have access to this feature." */
  apiAccess?: boolean;
}

export interface SeedReport {
  /** Full address; stored stripped, like an audited one. */
  url: string;
  score: number | null;
  privacy?: 0 | 1 | 2;
  password?: string;
  /** ISO time; default now. */
  generatedAt?: string;
  /** The report's checks as the API sends them; default: made up to match the score. */
  results?: Record<string, CheckResult>;
}

export interface RunningService {
  /** `http://127.0.0.1:PORT`; clients append `/api/v1`. */
  baseUrl: string;
  accounts: { id: number; name: string; email: string; apiKey: string }[];
  configure(
    o: Partial<
      Pick<
        ServiceOptions,
        | 'latencyMs'
        | 'rateLimit'
        | 'reportsPerMonth'
        | 'fetchTimeoutMs'
        | 'perPageFallback'
        | 'dropAfterCreate'
        | 'variant'
        | 'errorKeys'
        | 'endlessList'
      >
    >,
  ): void;
  /** Inserts reports directly: no fetch, no audit, no quota. */
  seedReports(apiKey: string, seeds: SeedReport[]): { id: number; url: string; project: string }[];
  /**
   * The last 1000 requests received; `path` is the request target, query included, and `authorization` the header it
   * carried (null without one): tests assert which key went where.
   */
  requestLog: { method: string; path: string; at: number; authorization: string | null; host: string | null }[];
  /** How many of the logged requests asked for a report to be made (POST /api/v1/reports). */
  createRequests(): number;
  close(): Promise<void>;
}

export const DEMO_ACCOUNT: AccountSeed = { name: 'Demo User', email: 'demo@example.com', apiKey: 'demo-key-0123456789abcdef' };
const LOG_SIZE = 1000;

/** Starts the local report service on 127.0.0.1. */
export async function startReportService(o: ServiceOptions = {}): Promise<RunningService> {
  const store = new Store(o.dataFile);
  const now = nowTime();
  const accounts = (o.accounts ?? [DEMO_ACCOUNT]).map((a) =>
    store.upsertAccount(
      {
        name: a.name,
        email: a.email,
        apiKey: a.apiKey,
        planName: a.planName ?? 'Default',
        reportsPerMonth: a.reportsPerMonth ?? null,
        apiAccess: a.apiAccess ?? true,
      },
      now,
    ),
  );
  const settings: ServiceSettings = {
    latencyMs: o.latencyMs ?? 0,
    reportsPerMonth: o.reportsPerMonth ?? -1,
    fetchTimeoutMs: o.fetchTimeoutMs ?? 15000,
    perPageFallback: o.perPageFallback ?? 10,
    extraCaCerts: o.extraCaCerts ?? [],
    dropAfterCreate: o.dropAfterCreate ?? false,
    variant: o.variant ?? 'v13',
    errorKeys: o.errorKeys ?? 'all',
    endlessList: o.endlessList ?? null,
  };
  const limiter = new RateLimiter(o.rateLimit === undefined ? { limit: 600, windowSeconds: 60 } : o.rateLimit);
  const closing = new AbortController();
  const requestLog: RunningService['requestLog'] = [];
  const state: ServiceState = { store, limiter, settings, origin: '', closing: closing.signal };

  const server = createServer((req, res) => {
    requestLog.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      at: Date.now(),
      authorization: req.headers.authorization ?? null,
      host: req.headers.host ?? null,
    });
    if (requestLog.length > LOG_SIZE) requestLog.splice(0, requestLog.length - LOG_SIZE);
    void respond(state, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, o.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  state.origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

  return {
    baseUrl: state.origin,
    accounts: accounts.map(({ id, name, email, apiKey }) => ({ id, name, email, apiKey })),
    configure(change) {
      const { rateLimit, ...rest } = change;
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) Object.assign(settings, { [key]: value });
      if (rateLimit !== undefined) limiter.configure(rateLimit);
    },
    seedReports: (apiKey, seeds) => seedInto(store, apiKey, seeds, { version: settings.variant, errorKeys: settings.errorKeys }),
    requestLog,
    createRequests: () => requestLog.filter((r) => r.method === 'POST' && r.path === '/api/v1/reports').length,
    close() {
      closing.abort();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

async function respond(state: ServiceState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    // Joined, not resolved: a target like `//host/x` must stay a path of this service.
    const url = new URL(state.origin + (req.url ?? '/'));
    const reply = url.pathname.startsWith('/api/') ? await handleApi(state, req, url) : await handleWeb(state, req, url);
    if (state.settings.dropAfterCreate && req.method === 'POST' && reply.status < 300) {
      req.socket.destroy();
      return;
    }
    send(res, reply);
  } catch (error) {
    if (!state.closing.aborted) console.error('report service: request failed', error);
    send(res, { status: 500, html: '<!DOCTYPE html><title>Server Error</title><h1>500</h1>' });
  }
}
