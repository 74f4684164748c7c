import { ApiError } from '@/lib/api/errors';
import { t } from '@/lib/shared/i18n';

/** The path every endpoint starts with; users often paste it along with the address. */
const API_PREFIX = '/api/v1';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** `localhost:8080` also matches SCHEME; a scheme is never followed by a digit. */
const HOST_WITH_PORT = /^[a-z0-9.-]+:\d/i;
const PASTED_API_PATH = /\/api\/v1(?:\/.*)?$/i;

/** The address itself stays out of the detail: users paste all sorts into it, keys included. */
function invalid(message: string, detail: string): ApiError {
  return new ApiError({ kind: 'invalid-address', message, detail });
}

/**
 * The hosts of this computer where plain http is accepted: the manifest's
 * optional host permissions name exactly these (match patterns cannot name a
 * range such as 127.0.0.0/8). The URL parser has already turned 2130706433,
 * 0x7f.1 and the like into 127.0.0.1.
 */
export const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]'] as const;

function isLoopback(hostname: string): boolean {
  return LOOPBACK_HOSTS.some((host) => host === hostname);
}

/** Other addresses of this computer (127.0.0.2 and on): reachable, but not with a permission the extension can ask for. */
const OTHER_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/**
 * Turns what a user typed or pasted into the service's base address, such as
 * `https://reports.example.com` or `https://example.com/seo` (a sub-path
 * install). Trims whitespace, query, fragment, trailing slashes and a pasted
 * `/api/v1…`; adds `https://` to a bare host. Throws ApiError
 * 'invalid-address' for anything that is not an http(s) address, and
 * 'insecure-address' for plain http beyond this computer, because the API key
 * would travel in clear text.
 */
export function normaliseBaseUrl(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') throw invalid(t('addressEmpty'), 'empty address');
  const hasScheme = SCHEME.test(trimmed) && !HOST_WITH_PORT.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw invalid(t('addressNotAddress'), 'not parsable as a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid(t('addressScheme'), `scheme ${url.protocol}`);
  }
  if (url.hostname === '' || (!hasScheme && !url.hostname.includes('.') && !isLoopback(url.hostname))) {
    throw invalid(t('addressNotAddress'), 'no host name');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid(t('addressCredentials'), 'credentials in the address');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && OTHER_LOOPBACK.test(url.hostname)) {
    throw invalid(t('addressOtherLoopback'), `loopback host ${url.hostname}`);
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ApiError({
      kind: 'insecure-address',
      message: t('addressInsecure'),
      detail: `host: ${url.host}`,
    });
  }

  const path = url.pathname.replace(/\/+$/, '').replace(PASTED_API_PATH, '').replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

/** Where the report can be seen on the service's own site. */
export function reportWebUrl(baseUrl: string, id: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/reports/${id}`;
}

/** The address of an API endpoint, for a base address already normalised. */
export function apiUrl(baseUrl: string, path: string, query?: URLSearchParams): string {
  const encoded = query?.toString() ?? '';
  const search = encoded === '' ? '' : `?${encoded}`;
  return `${baseUrl.replace(/\/+$/, '')}${API_PREFIX}${path}${search}`;
}
