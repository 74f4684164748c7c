import type { IncomingHttpHeaders } from 'node:http';
import { decode, decompress, PageFetchError, readAll, REDIRECT_STATUSES, send, type GetOptions } from './http-get.ts';

export { PageFetchError } from './http-get.ts';

export interface FetchedPage {
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** Header names and values as received, alternating. */
  rawHeaders: string[];
  httpVersion: string;
  /** Decompressed and decoded, without a byte order mark. */
  html: string;
  /** Body bytes on the wire, before decompression (curl's size_download). */
  transferBytes: number;
  /** Seconds from sending the final request to its last byte (curl's total_time of the last hop). */
  loadSeconds: number;
  redirects: number;
}

export interface FetchOptions extends GetOptions {
  maxRedirects?: number;
}

/** Fetches a page the way the service does: redirects followed by hand, one deadline for all of it. */
export async function fetchPage(address: string, options: FetchOptions): Promise<FetchedPage> {
  const maxRedirects = options.maxRedirects ?? 10;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  for (let redirects = 0; ; redirects++) {
    const started = performance.now();
    const res = await send(url, signal, options);
    const location = res.headers.location;
    if (REDIRECT_STATUSES.has(res.statusCode ?? 0) && location) {
      res.resume();
      if (redirects === maxRedirects) throw new PageFetchError(`Will not follow more than ${maxRedirects} redirects`);
      url = nextUrl(url, location);
      continue;
    }
    const status = res.statusCode ?? 0;
    if (status >= 400) {
      res.resume();
      throw new PageFetchError(`The page answered with HTTP ${status} ${res.statusMessage ?? ''}`.trim() + '.');
    }
    const contentType = String(res.headers['content-type'] ?? '');
    if (contentType !== '' && !/html/i.test(contentType)) {
      res.resume();
      throw new PageFetchError(`The page is not an HTML document (${contentType}).`);
    }
    const raw = await readAll(res, signal, options.timeoutMs);
    const loadSeconds = (performance.now() - started) / 1000;
    const html = decode(decompress(raw, String(res.headers['content-encoding'] ?? '')), contentType).replace(/^\uFEFF/, '');
    return {
      url,
      status,
      headers: res.headers,
      rawHeaders: res.rawHeaders,
      httpVersion: res.httpVersion,
      html,
      transferBytes: raw.length,
      loadSeconds,
      redirects,
    };
  }
}

function nextUrl(from: URL, location: string): URL {
  if (!URL.canParse(location, from)) throw new PageFetchError(`The page redirected to an invalid address: ${location}`);
  const next = new URL(location, from);
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new PageFetchError(`The page redirected to an unsupported address: ${next.protocol}`);
  }
  return next;
}
