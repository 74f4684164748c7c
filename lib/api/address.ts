import { ApiError } from '@/lib/api/errors';

/** The path every endpoint starts with; users often paste it along with the address. */
const API_PREFIX = '/api/v1';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** `localhost:8080` also matches SCHEME; a scheme is never followed by a digit. */
const HOST_WITH_PORT = /^[a-z0-9.-]+:\d/i;
const PASTED_API_PATH = /\/api\/v1(?:\/.*)?$/i;
const NOT_AN_ADDRESS = 'This is not a web address. Enter the address of your report service, such as https://reports.example.com.';

/** The address itself stays out of the detail: users paste all sorts into it, keys included. */
function invalid(message: string, detail: string): ApiError {
  return new ApiError({ kind: 'invalid-address', message, detail });
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

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
  if (trimmed === '') throw invalid('Enter the address of your report service, such as https://reports.example.com.', 'empty address');
  const hasScheme = SCHEME.test(trimmed) && !HOST_WITH_PORT.test(trimmed);
  const candidate = hasScheme ? trimmed : `https://${trimmed}`;

  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw invalid(NOT_AN_ADDRESS, 'not parsable as a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw invalid('The address must start with https://, such as https://reports.example.com.', `scheme ${url.protocol}`);
  }
  if (url.hostname === '' || (!hasScheme && !url.hostname.includes('.') && !isLoopback(url.hostname))) {
    throw invalid(NOT_AN_ADDRESS, 'no host name');
  }
  if (url.username !== '' || url.password !== '') {
    throw invalid('Leave the user name and password out of the address.', 'credentials in the address');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new ApiError({
      kind: 'insecure-address',
      message: 'This address starts with http://, so your API key would travel in clear text. Use the https:// address of your report service.',
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
