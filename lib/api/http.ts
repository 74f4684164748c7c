import { apiUrl } from '@/lib/api/service-address';
import { readCappedBody } from '@/lib/api/capped-body';
import {
  answerTooLarge,
  asObject,
  brokenAnswer,
  errorFromRedirect,
  errorFromResponse,
  isLoginPage,
  notTheApi,
  parseBody,
  type RequestContext,
  type Subject,
} from '@/lib/api/classify';
import { ApiError, isApiError } from '@/lib/api/errors';
import { t as words } from '@/lib/shared/i18n';

/*
 * One request to the API: the auth header, the timeout, redirects seen for
 * what they are, answers read up to a size cap, bounded retries of reads, and
 * errors with the key scrubbed out. Everything the client sends goes through `send`.
 */

export interface RetryPolicy {
  maxAttempts: number;
  /** Total time all waits between attempts may add up to. */
  maxWaitMs: number;
}

export interface Transport {
  baseUrl: string;
  apiKey: string;
  fetch: typeof fetch;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  signal: AbortSignal | undefined;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  subject: Subject;
  query?: URLSearchParams;
  form?: URLSearchParams;
  timeoutMs: number;
  timeoutMessage: string;
  /** Whether an empty 2xx answer is a success (a delete may send none). */
  allowEmpty?: boolean;
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return `${error.name}: ${error.message}${cause}`;
}

/** A success: its JSON body, and the service's clock when it answered (its Date header), for matching its own dates. */
export interface Answer {
  body: unknown;
  serviceTime: number | null;
}

/** Interprets a response that arrived; returns the JSON body of a success. */
async function interpret(response: Response, request: ApiRequest, info: RequestContext, url: string, t: Transport): Promise<unknown> {
  // Browsers hide a manual redirect behind status 0; Node shows the 3xx itself.
  if (response.type === 'opaqueredirect' || response.status === 0) throw errorFromRedirect(null, url, t.baseUrl, info);
  if (response.status >= 300 && response.status < 400) {
    throw errorFromRedirect(response.headers.get('location'), url, t.baseUrl, info);
  }
  const read = await readCappedBody(response);
  if ('tooLarge' in read) {
    const { declared, read: bytes } = read.tooLarge;
    const size = declared === null ? `more than ${bytes} bytes read` : `Content-Length ${declared}`;
    throw answerTooLarge(info, `${info.method} ${info.target} → HTTP ${response.status}, ${size}: stopped reading`);
  }
  const { text } = read;
  if (response.redirected && isLoginPage(response.url)) throw errorFromRedirect(response.url, url, t.baseUrl, info);
  // An error quotes the answer cut short: the key is taken out first, so that no cut can leave a part of it behind.
  const quoted = () => parseBody(keyRemover(t.apiKey)(text));
  if (response.status < 200 || response.status >= 300) throw errorFromResponse(response.status, response.headers, quoted(), info);
  const body = parseBody(text);
  if (!body.json) {
    if (request.allowEmpty && text.trim() === '') return null;
    const type = response.headers.get('content-type') ?? 'no content type';
    const detail = `${info.method} ${info.target} → HTTP ${response.status}, ${type}: ${quoted().text.slice(0, 200)}`;
    throw body.broken ? brokenAnswer(detail) : notTheApi(detail);
  }
  // Some versions put an error status in a 200 body; a number that is no error status (1e999, 500.5) is not taken for one.
  const answer = asObject(body.value);
  const claimed = answer && !('data' in answer) ? answer.status : null;
  if (typeof claimed === 'number' && Number.isInteger(claimed) && claimed >= 400 && claimed <= 599) {
    throw errorFromResponse(claimed, response.headers, quoted(), info);
  }
  return body.value;
}

async function attempt(t: Transport, request: ApiRequest): Promise<Answer> {
  const url = apiUrl(t.baseUrl, request.path, request.query);
  const info: RequestContext = { method: request.method, target: url.slice(t.baseUrl.length), subject: request.subject };
  const headers: Record<string, string> = { Authorization: `Bearer ${t.apiKey}`, Accept: 'application/json' };
  if (request.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';

  if (t.signal?.aborted) throw t.signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  const forwardAbort = () => controller.abort(t.signal?.reason);
  t.signal?.addEventListener('abort', forwardAbort, { once: true });
  try {
    const response = await t.fetch(url, {
      method: request.method,
      headers,
      body: request.form?.toString(),
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
    const body = await interpret(response, request, info, url, t);
    const date = Date.parse(response.headers.get('date') ?? '');
    return { body, serviceTime: Number.isNaN(date) ? null : date };
  } catch (error) {
    if (isApiError(error)) throw error;
    if (timedOut) {
      throw new ApiError({
        kind: 'timeout',
        message: request.timeoutMessage,
        detail: `${info.method} ${info.target}: no answer within ${request.timeoutMs} ms`,
      });
    }
    if (t.signal?.aborted) throw t.signal.reason;
    throw new ApiError({ kind: 'network', message: words('errorNetwork'), detail: `${info.method} ${info.target}: ${describeFailure(error)}` });
  } finally {
    clearTimeout(timer);
    t.signal?.removeEventListener('abort', forwardAbort);
  }
}

/** Reads are retried when the service asks to wait; writes never are, as they may have taken effect. */
function shouldRetry(request: ApiRequest, error: ApiError): boolean {
  if (request.method !== 'GET' && request.method !== 'DELETE') return false;
  return error.kind === 'rate-limited' || (error.kind === 'server-error' && error.status === 503);
}

async function withRetries(t: Transport, request: ApiRequest): Promise<Answer> {
  let waited = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt(t, request);
    } catch (error) {
      if (!isApiError(error) || !shouldRetry(request, error) || n >= t.retry.maxAttempts) throw error;
      const wait = error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 1000 * n;
      if (waited + wait > t.retry.maxWaitMs) throw error;
      await t.sleep(wait);
      waited += wait;
      if (t.signal?.aborted) throw t.signal.reason;
    }
  }
}

const htmlEscaped = (text: string, apostrophe: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, apostrophe);

const hexEscaped = (pattern: RegExp, prefix: string, width: number) => (text: string) =>
  text.replace(pattern, (c) => `${prefix}${c.charCodeAt(0).toString(16).toUpperCase().padStart(width, '0')}`);

/**
 * The ways a service may echo a secret: as is; URL-encoded (either case of hex, + for space, and PHP's
 * rawurlencode and urlencode, which also encode !'()* and ~); JSON-escaped (PHP's `\/` too, and its
 * JSON_HEX_* flags' \u0022 \u0026 \u0027 \u003C \u003E); HTML-escaped.
 */
function echoedForms(secret: string): string[] {
  const url = encodeURIComponent(secret);
  const rawurlencoded = hexEscaped(/[!'()*]/g, '%', 2)(url);
  const urlencoded = hexEscaped(/~/g, '%', 2)(rawurlencoded);
  const json = JSON.stringify(secret).slice(1, -1);
  const jsonHex = hexEscaped(/[<>&']/g, '\\u', 4)(json.replace(/\\"/g, '\\u0022'));
  return [
    secret,
    ...[url, rawurlencoded, urlencoded].flatMap((encoded) => [
      encoded,
      encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
      encoded.replace(/%20/g, '+'),
    ]),
    ...[json, jsonHex].flatMap((escaped) => [escaped, escaped.replace(/\//g, '\\/')]),
    ...['&#039;', '&#39;', '&apos;'].map((apostrophe) => htmlEscaped(secret, apostrophe)),
  ];
}

/**
 * Every form of the key an answer may carry back: the key itself and, for a
 * Sanctum-style `id|secret` key, its secret part alone, each as is or encoded.
 * Longest first, so a longer form is replaced before a part of it.
 */
export function keyEchoes(apiKey: string): string[] {
  const bar = apiKey.indexOf('|');
  const secret = bar >= 0 ? apiKey.slice(bar + 1) : '';
  const forms = [...echoedForms(apiKey), ...(secret.length >= 8 ? echoedForms(secret) : [])];
  // A detail quotes the body as JSON, which escapes each form once more.
  const all = [...forms, ...forms.map((form) => JSON.stringify(form).slice(1, -1))];
  return [...new Set(all)].filter((form) => form.length >= 4).sort((a, b) => b.length - a.length);
}

/** Replaces every echo of the key in a text by `[key]`. */
function keyRemover(apiKey: string): (text: string) => string {
  const echoes = apiKey === '' ? [] : keyEchoes(apiKey);
  return (text) => echoes.reduce((out, echo) => out.split(echo).join('[key]'), text);
}

/** Removes the key from everything an error carries, whatever the service or the browser put there. */
function scrub(error: ApiError, apiKey: string): ApiError {
  if (apiKey === '') return error;
  const clean = keyRemover(apiKey);
  const data = error.toJSON();
  const fields = data.fields && Object.fromEntries(Object.entries(data.fields).map(([k, v]) => [clean(k), v.map(clean)]));
  return new ApiError({
    ...data,
    message: clean(data.message),
    ...(data.detail === undefined ? {} : { detail: clean(data.detail) }),
    ...(fields ? { fields } : {}),
  });
}

/** Sends a request; resolves with the parsed JSON body of a success, rejects with an ApiError. */
export async function sendRequest(t: Transport, request: ApiRequest): Promise<Answer> {
  try {
    return await withRetries(t, request);
  } catch (error) {
    throw isApiError(error) ? scrub(error, t.apiKey) : error;
  }
}
