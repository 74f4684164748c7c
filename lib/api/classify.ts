import { normaliseBaseUrl } from '@/lib/api/service-address';
import { ApiError } from '@/lib/api/errors';
import { t, tn } from '@/lib/shared/i18n';
import { TEXT_MAX_MEGABYTES } from '@/lib/shared/text-cap';

/*
 * Turns an answer that is not the data asked for into an ApiError whose
 * message a user can act on. The service's error bodies are listed in the
 * project's notes on deployed versions: `{"message": …, "status": …}`, with
 * field errors either under `message` or under `errors`.
 */

/**
 * `text` is kept beside the parsed value: a detail quotes it rather than serialise a value that may be too deep to.
 * `broken` is JSON gone wrong (cut off, malformed, a bare value): the API's answer, not a web page at a wrong address.
 */
export type ParsedBody = { json: true; value: unknown; text: string } | { json: false; text: string; broken: boolean };

/** Longest a sentence from the service may be where the user reads it; longer ones are cut. */
export const SERVICE_MESSAGE_MAX = 300;

/** Longest wait the extension tells or keeps: a service asking for more is asked again "later". */
export const RETRY_AFTER_MAX_SECONDS = 3600;

/**
 * What the request was about: a 404 on a report means it is gone; on the reports or the account, that the
 * address is wrong. It also names what an answer too large to read was meant to be.
 */
export type Subject = 'report' | 'collection' | 'account';

export interface RequestContext {
  method: string;
  /** Path and query after the base address, for the detail. */
  target: string;
  subject: Subject;
}

function rateLimitedMessage(seconds: number | undefined): string {
  if (seconds === undefined) return t('errorRateLimitedMinute');
  if (seconds >= RETRY_AFTER_MAX_SECONDS) return t('errorRateLimitedLater');
  return tn('errorRateLimitedSeconds', Math.max(1, seconds));
}

export function parseBody(text: string): ParsedBody {
  const trimmed = text.trim();
  try {
    const value: unknown = JSON.parse(trimmed);
    // Only an object or a list is an answer; `null` in particular must not pass for a delete's empty one.
    return typeof value === 'object' && value !== null ? { json: true, value, text } : { json: false, text, broken: true };
  } catch {
    return { json: false, text, broken: trimmed.startsWith('{') || trimmed.startsWith('[') };
  }
}

/** The value as a JSON object, or null for anything else (arrays included). */
export function asObject(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** Field errors from either shape; a field's messages may come as a list or a single string. */
export function fieldErrors(body: unknown): Record<string, string[]> {
  const b = asObject(body);
  const source = asObject(b?.errors) ?? asObject(b?.message) ?? {};
  const fields: [string, string[]][] = [];
  for (const [field, value] of Object.entries(source)) {
    const list = (Array.isArray(value) ? value : [value]).filter((m): m is string => typeof m === 'string').map(readable);
    // A message that is empty once read tells the user nothing: the field counts as without one.
    const said = list.filter((m) => m !== '');
    if (said.length > 0) fields.push([readable(field), said]);
  }
  // Built in one go: a field named `__proto__` stays a field, rather than becoming the object's prototype.
  return Object.fromEntries(fields);
}

/** Markup the service may put in a message: scripts and styles with their content, comments, tags. */
const MARKUP = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|<!--[\s\S]*?-->|<![^>]*>|<\/?[a-z][^<>]*>/gi;
/** How much of a message is read at all: an unclosed `<script>` makes MARKUP scan to the end from each one, so the text it scans is kept short. */
const MESSAGE_SCAN_MAX = 20 * SERVICE_MESSAGE_MAX;

/**
 * A sentence of the service's as the user will read it: words without markup (the pages show it as text,
 * so tags would show as such), at most SERVICE_MESSAGE_MAX characters.
 */
function readable(text: string): string {
  const flat = text.slice(0, MESSAGE_SCAN_MAX).replace(MARKUP, ' ').replace(/\s+/g, ' ').trim();
  return flat.length > SERVICE_MESSAGE_MAX ? `${flat.slice(0, SERVICE_MESSAGE_MAX - 1)}…` : flat;
}

function bodyMessage(body: ParsedBody): string | null {
  if (!body.json) return null;
  const message = asObject(body.value)?.message;
  return typeof message === 'string' ? readable(message) || null : null;
}

/**
 * Seconds to wait, from Retry-After (seconds or a date) or X-RateLimit-Reset (a Unix time):
 * at least 1 (a 0 or a date in the past still means "not yet"), at most RETRY_AFTER_MAX_SECONDS.
 */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const told = toldWait(headers, now);
  return told === undefined ? undefined : Math.min(Math.max(told, 1), RETRY_AFTER_MAX_SECONDS);
}

function toldWait(headers: Headers, now: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    // An HTTP date starts with the day's name; Date.parse would also take '-5' or '3.7' for a day in 2001.
    const at = /^[a-z]{3}/i.test(retryAfter) ? Date.parse(retryAfter) : NaN;
    if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now) / 1000));
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const value = Number(reset);
    return value > 1_000_000_000 ? Math.max(0, Math.ceil(value - now / 1000)) : value;
  }
  return undefined;
}

function snippet(body: ParsedBody): string {
  const text = body.text.replace(/\s+/g, ' ').trim();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** A 2xx whose JSON is cut off or garbled: the service answered, but not so that it can be read. */
export function brokenAnswer(detail: string): ApiError {
  return new ApiError({ kind: 'invalid-response', message: t('errorBroken'), detail });
}

/**
 * An answer past the size cap (lib/api/capped-body.ts), worded for what was asked: a list of reports,
 * one report (a create posts to the list and gets the new report back), or the account.
 */
export function answerTooLarge(req: RequestContext, detail: string): ApiError {
  const megabytes = TEXT_MAX_MEGABYTES;
  const message =
    req.subject === 'account'
      ? t('errorTooLargeAccount', { megabytes })
      : req.subject === 'report' || req.method === 'POST'
        ? t('errorTooLargeReport', { megabytes })
        : t('errorTooLargeList', { megabytes });
  return new ApiError({ kind: 'too-large', message, detail });
}

export function notTheApi(detail: string, hint = ''): ApiError {
  return new ApiError({ kind: 'not-the-api', message: hint ? `${t('errorNotTheApi')} ${hint}` : t('errorNotTheApi'), detail });
}

/**
 * A redirect: to the login page means the service did not take the key;
 * anywhere else, the address is not the API's (often http→https or a
 * missing `www.`, which the hint names).
 */
export function errorFromRedirect(location: string | null, requestUrl: string, baseUrl: string, req: RequestContext): ApiError {
  const detail = `${req.method} ${req.target} → redirect to ${location ?? '(hidden by the browser)'}`;
  if (location === null) return notTheApi(detail);
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return notTheApi(detail);
  }
  if (isLoginPage(target.href)) return new ApiError({ kind: 'unauthorized', message: t('errorUnauthorized'), detail });
  let suggestion: string | null;
  try {
    suggestion = normaliseBaseUrl(target.href);
  } catch {
    suggestion = null;
  }
  const hint = suggestion && suggestion !== baseUrl ? t('errorRedirectHint', { address: suggestion }) : '';
  return notTheApi(detail, hint);
}

export function isLoginPage(url: string): boolean {
  try {
    return /\/login\/?$/i.test(new URL(url).pathname);
  } catch {
    return false;
  }
}

export function errorFromResponse(status: number, headers: Headers, body: ParsedBody, req: RequestContext): ApiError {
  const detail = `${req.method} ${req.target} → HTTP ${status}: ${snippet(body)}`;
  const base = { status, detail };
  if (status === 429) {
    const seconds = retryAfterSeconds(headers);
    return new ApiError({ ...base, kind: 'rate-limited', message: rateLimitedMessage(seconds), retryAfterSeconds: seconds });
  }
  if (status >= 500) {
    const seconds = retryAfterSeconds(headers);
    return new ApiError({
      ...base,
      kind: 'server-error',
      message: t('errorServer', { status: String(status) }),
      ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    });
  }
  // A web page, not the API's JSON: the address is wrong (or a proxy answered). JSON gone wrong is still the API's: its status tells.
  if (!body.json && !body.broken) return notTheApi(detail);
  if (status === 401) return new ApiError({ ...base, kind: 'unauthorized', message: t('errorUnauthorized') });
  if (status === 403) {
    const plan = /access to this feature/i.test(bodyMessage(body) ?? '');
    const message = plan ? t('errorForbiddenPlan') : req.subject === 'report' ? t('errorForbiddenReport') : t('errorForbidden');
    return new ApiError({ ...base, kind: 'forbidden', message });
  }
  if (status === 404) {
    return req.subject === 'report' ? new ApiError({ ...base, kind: 'not-found', message: t('errorNotFound') }) : notTheApi(detail);
  }
  if (status === 422 || status === 400) {
    const fields = body.json ? fieldErrors(body.value) : {};
    const all = Object.values(fields).flat();
    if (all.some((m) => /too many reports/i.test(m))) return new ApiError({ ...base, kind: 'quota-exceeded', message: t('errorQuota'), fields });
    // Every field's message makes one sentence, as long as one of them may be.
    const message = all.length > 0 ? readable(all.join(' ')) : (bodyMessage(body) ?? t('errorRefused'));
    return new ApiError({ ...base, kind: 'validation', message, fields });
  }
  // 405 and 419 (the session-guarded web routes) mean the request reached the website, not its API.
  if (status === 405 || status === 419) return notTheApi(detail);
  return new ApiError({ ...base, kind: 'invalid-response', message: t('errorNotUnderstood', { status: String(status) }) });
}
