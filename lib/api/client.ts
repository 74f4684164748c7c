import type { PerPage, SortDirection, SortKey } from '@/lib/shared/list-options';
import type { ResultLabel } from '@/lib/shared/score';
import type { Privacy } from '@/lib/shared/privacy';
import { normaliseBaseUrl } from '@/lib/api/service-address';
import { ApiError, isApiError } from '@/lib/api/errors';
import { sendRequest, type ApiRequest, type RetryPolicy, type Transport } from '@/lib/api/http';
import {
  accountBody,
  deleteBody,
  readBody,
  reportBody,
  reportPageBody,
  reportPageOutcomesBody,
  reportPageWithoutChecksBody,
  type Account,
  type DeleteResult,
  type Report,
  type ReportOutcomes,
  type ReportPage,
} from '@/lib/api/schemas';
import type { z } from '@/lib/zod';
import { t, tn } from '@/lib/shared/i18n';

export interface ListParams {
  search?: string;
  searchBy?: 'url';
  /** Exact host, as in `Report.project`. */
  project?: string;
  result?: ResultLabel;
  sortBy?: SortKey;
  sort?: SortDirection;
  perPage?: PerPage;
  page?: number;
  /** False: each report's checks are left unread (`checks: null`), for a list that shows none of them. */
  withChecks?: boolean;
}

export interface ReportsApiOptions {
  /** As typed by the user or already normalised; see normaliseBaseUrl. */
  baseUrl: string;
  apiKey: string;
  fetch?: typeof fetch;
  /** Per attempt, for every call but the audits. Default 20 s. */
  timeoutMs?: number;
  /** For create and regenerate, which audit the page live. Default 180 s. */
  createTimeoutMs?: number;
  /** Retries of GET and DELETE on 429 and 503. Default 3 attempts, 30 s of waiting in all. */
  retry?: RetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

/** A key travels in a header, so it can only hold visible ASCII characters. */
function keyProblem(apiKey: string): ApiError | null {
  if (apiKey === '') return new ApiError({ kind: 'unauthorized', message: t('keyMissingInOptions') });
  if (!/^[\x21-\x7e]+$/.test(apiKey)) {
    return new ApiError({
      kind: 'unauthorized',
      message: t('keyBadCharacters'),
    });
  }
  return null;
}

/** A query or form body; entries without a value are left out. */
function searchParams(entries: [string, string | number | undefined][]): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) if (value !== undefined) params.set(name, String(value));
  return params;
}

/** Empty search and project strings mean no filter, so they are left out. */
function listQuery(p: ListParams): URLSearchParams {
  return searchParams([
    ['search', p.search || undefined],
    ['search_by', p.searchBy],
    ['project', p.project || undefined],
    ['result', p.result],
    ['sort_by', p.sortBy],
    ['sort', p.sort],
    ['per_page', p.perPage],
    ['page', p.page],
  ]);
}

/** The client of the report service's API: one place adds the key, reads the answers and words the errors. */
export function createReportsApi(o: ReportsApiOptions) {
  let baseUrl: string | ApiError;
  try {
    baseUrl = normaliseBaseUrl(o.baseUrl);
  } catch (error) {
    baseUrl = isApiError(error) ? error : new ApiError({ kind: 'invalid-address', message: t('addressInvalid') });
  }
  const apiKey = o.apiKey.trim();
  const refusedKey = keyProblem(apiKey);
  const timeoutMs = o.timeoutMs ?? 20_000;
  const createTimeoutMs = o.createTimeoutMs ?? 180_000;
  const readTimeout = {
    timeoutMs,
    timeoutMessage: tn('errorTimeout', Math.round(timeoutMs / 1000)),
  };
  const auditTimeout = { timeoutMs: createTimeoutMs, timeoutMessage: t('errorAuditSlow') };

  async function answer<T>(request: ApiRequest, schema: z.ZodMiniType<T>, what: string): Promise<{ value: T; serviceTime: number | null }> {
    if (typeof baseUrl !== 'string') throw baseUrl;
    if (refusedKey) throw refusedKey;
    const transport: Transport = {
      baseUrl,
      apiKey,
      fetch: o.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      retry: o.retry ?? { maxAttempts: 3, maxWaitMs: 30_000 },
      sleep: o.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      signal: o.signal,
    };
    const { body, serviceTime } = await sendRequest(transport, request);
    return { value: readBody(schema, body, what), serviceTime };
  }
  const call = async <T>(request: ApiRequest, schema: z.ZodMiniType<T>, what: string): Promise<T> => (await answer(request, schema, what)).value;

  const reportPath = (id: number) => `/reports/${encodeURIComponent(String(id))}`;

  async function list<R>(p: ListParams, schema: z.ZodMiniType<Omit<ReportPage<R>, 'serviceTime'>>): Promise<ReportPage<R>> {
    const request: ApiRequest = { method: 'GET', path: '/reports', query: listQuery(p), subject: 'collection', ...readTimeout };
    const { value, serviceTime } = await answer(request, schema, 'report list');
    return { ...value, serviceTime };
  }

  return {
    listReports(p: ListParams = {}): Promise<ReportPage> {
      return list(p, p.withChecks === false ? reportPageWithoutChecksBody : reportPageBody);
    },

    /**
     * The list with each report's checks read as outcomes (passed, importance) only: what a summary counts. Their
     * findings are most of a list's size, and reading them most of the time it takes to read.
     */
    listReportOutcomes(p: Omit<ListParams, 'withChecks'> = {}): Promise<ReportPage<ReportOutcomes>> {
      return list(p, reportPageOutcomesBody);
    },

    getReport(p: { id: number }): Promise<Report> {
      return call({ method: 'GET', path: reportPath(p.id), subject: 'report', ...readTimeout }, reportBody, 'report');
    },

    /** Privacy is always sent: versions differ in their default. The password only goes with privacy 2. */
    createReport(p: { url: string; privacy: Privacy; password?: string }): Promise<Report> {
      const body = searchParams([
        ['url', p.url],
        ['privacy', p.privacy],
        ['password', p.privacy === 2 ? p.password : undefined],
      ]);
      return call({ method: 'POST', path: '/reports', form: body, subject: 'collection', ...auditTimeout }, reportBody, 'created report');
    },

    /** `regenerate` re-runs the audit (`results=1`), so it gets the audit's time limit. */
    updateReport(p: { id: number; privacy?: Privacy; password?: string; regenerate?: boolean }): Promise<Report> {
      const password = p.privacy === undefined || p.privacy === 2 ? p.password : undefined;
      const body = searchParams([
        ['privacy', p.privacy],
        ['password', password],
        ['results', p.regenerate ? 1 : undefined],
      ]);
      const timeout = p.regenerate ? auditTimeout : readTimeout;
      return call({ method: 'PUT', path: reportPath(p.id), form: body, subject: 'report', ...timeout }, reportBody, 'updated report');
    },

    deleteReport(p: { id: number }): Promise<DeleteResult> {
      const request: ApiRequest = { method: 'DELETE', path: reportPath(p.id), subject: 'report', allowEmpty: true, ...readTimeout };
      return call(request, deleteBody(p.id), 'deleted report').catch((error: unknown) => {
        if (isApiError(error) && error.kind === 'invalid-response') throw new ApiError({ ...error.toJSON(), message: t('errorDeleteUnconfirmed') });
        throw error;
      });
    },

    getAccount(): Promise<Account> {
      return call({ method: 'GET', path: '/account', subject: 'account', ...readTimeout }, accountBody, 'account');
    },
  };
}

export type ReportsApi = ReturnType<typeof createReportsApi>;
