/**
 * The two requests the service makes to the page's site besides the page itself: a made-up
 * address, to see whether the site answers 404, and /robots.txt. Both go to the scheme, host
 * and port of the final address, follow up to 5 redirects (the HTTP library's default for
 * them), and count as unanswered when they fail.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { decode, decompress, readAll, REDIRECT_STATUSES, send, type GetOptions } from './http-get.ts';

const MAX_REDIRECTS = 5;

export interface SiteFiles {
  /** The probe address when it answered 404; false for any other answer or none. */
  notFoundPage: string | false;
  /** The robots.txt text when it answered below 400; null otherwise. */
  robotsTxt: string | null;
}

export async function readSiteFiles(page: URL, options: GetOptions): Promise<SiteFiles> {
  const [notFoundPage, robotsTxt] = await Promise.all([probeNotFound(page, options), readRobotsTxt(page, options)]);
  return { notFoundPage, robotsTxt };
}

async function probeNotFound(page: URL, options: GetOptions): Promise<string | false> {
  const probe = `${page.origin}/404-${createHash('md5').update(randomUUID()).digest('hex')}`;
  const res = await finalResponse(new URL(probe), AbortSignal.timeout(options.timeoutMs), options);
  res?.resume();
  return res?.statusCode === 404 ? probe : false;
}

async function readRobotsTxt(page: URL, options: GetOptions): Promise<string | null> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const res = await finalResponse(new URL('/robots.txt', page.origin), signal, options);
  if (!res) return null;
  if ((res.statusCode ?? 0) >= 400) {
    res.resume();
    return null;
  }
  try {
    const raw = await readAll(res, signal, options.timeoutMs);
    return decode(decompress(raw, String(res.headers['content-encoding'] ?? '')), String(res.headers['content-type'] ?? ''));
  } catch {
    return null;
  }
}

async function finalResponse(start: URL, signal: AbortSignal, options: GetOptions): Promise<IncomingMessage | null> {
  let url = start;
  try {
    for (let hops = 0; ; hops++) {
      const res = await send(url, signal, options);
      const location = res.headers.location;
      if (!REDIRECT_STATUSES.has(res.statusCode ?? 0) || !location || !URL.canParse(location, url)) return res;
      res.resume();
      if (hops === MAX_REDIRECTS) return null;
      url = new URL(location, url);
    }
  } catch {
    return null;
  }
}
