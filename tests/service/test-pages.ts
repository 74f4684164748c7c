/**
 * Small web pages on 127.0.0.1 for audits to fetch: plain http, or https with a loopback
 * certificate the service is told to trust (`extraCaCerts: [LOOPBACK_TLS.cert]`).
 */
import { readFileSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

export const LOOPBACK_TLS = {
  cert: readFileSync(new URL('./fixtures/loopback-cert.pem', import.meta.url), 'utf8'),
  key: readFileSync(new URL('./fixtures/loopback-key.pem', import.meta.url), 'utf8'),
};

export interface PageRoute {
  status?: number;
  /** Replaces the default `text/html; charset=utf-8` and friends. */
  headers?: Record<string, string>;
  /** Text, or bytes sent as they are (a gzip file). */
  body?: string | Uint8Array;
  /** Sends `body` over and over and never ends, until the client stops reading. */
  endless?: boolean;
  /** Gzip the body (default true: an uncompressed page fails a check). */
  gzip?: boolean;
  /** Answer with a 302 to this address. */
  redirect?: string;
  delayMs?: number;
}

export interface PageServer {
  origin: string;
  url(path: string): string;
  /** Paths requested so far. */
  hits: string[];
  close(): Promise<void>;
}

export type Route = PageRoute | ((req: IncomingMessage) => PageRoute);

export interface PageServerOptions {
  https?: boolean;
  /** Answers any path no route names; by default a 404. */
  otherwise?: Route;
}

const NOT_FOUND: PageRoute = { status: 404, body: '<h1>Not found</h1>' };

export async function startPageServer(routes: Record<string, Route>, options: PageServerOptions = {}): Promise<PageServer> {
  const hits: string[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    hits.push(target);
    // A route named by its path alone serves that path with any query, so tests can make distinct addresses of one page.
    const found = routes[target] ?? routes[new URL(target, 'http://127.0.0.1').pathname] ?? options.otherwise ?? NOT_FOUND;
    const route = typeof found === 'function' ? found(req) : found;
    setTimeout(() => answer(res, route), route.delayMs ?? 0);
  };
  const server = options.https ? https.createServer(LOOPBACK_TLS, handler) : http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => origin + path,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function answer(res: ServerResponse, route: PageRoute): void {
  if (res.destroyed) return;
  if (route.redirect) {
    res.writeHead(302, { Location: route.redirect }).end();
    return;
  }
  if (route.endless) {
    endlessAnswer(res, route);
    return;
  }
  const raw = Buffer.from(route.body ?? '');
  const gzip = route.gzip ?? true;
  const body = gzip ? gzipSync(raw) : raw;
  res.writeHead(route.status ?? 200, {
    'Content-Type': 'text/html; charset=utf-8',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    'Content-Length': String(body.length),
    ...route.headers,
  });
  res.end(body);
}

/** A body that never ends: the chunk again each time the socket can take more. */
function endlessAnswer(res: ServerResponse, route: PageRoute): void {
  const chunk = Buffer.from(route.body || ' ');
  res.writeHead(route.status ?? 200, { 'Content-Type': 'text/html; charset=utf-8', ...route.headers });
  const write = () => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on('drain', write);
  write();
}

export interface PageParts {
  title?: string | null;
  description?: string | null;
  lang?: string | null;
  viewport?: boolean;
  charset?: boolean;
  favicon?: boolean;
  structuredData?: boolean;
  /** Extra markup at the end of head. */
  head?: string;
  /** The body; default one h1, a paragraph and an image with alt text. */
  body?: string;
}

/**
 * A page that passes every check that counts toward the score, unless told otherwise, except
 * `http2` (a local server speaks HTTP/1.1) and, over plain http, `https_encryption`. The default
 * title names the loopback address because `seo_friendly_url` wants a title word in the page's
 * address. Low-importance checks it fails (sitemap, social, content_length, text_html_ratio,
 * htst) cost nothing.
 */
export function pageHtml(parts: PageParts = {}): string {
  const title = parts.title === undefined ? 'A page that passes every check on 127.0.0.1' : parts.title;
  const description = parts.description === undefined ? 'A short description of this page for search results.' : parts.description;
  const lang = parts.lang === undefined ? 'en' : parts.lang;
  const head = [
    parts.charset === false ? '' : '<meta charset="utf-8">',
    parts.viewport === false ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">',
    title === null ? '' : `<title>${title}</title>`,
    description === null ? '' : `<meta name="description" content="${description}">`,
    parts.favicon === false ? '' : '<link rel="icon" href="/favicon.ico">',
    parts.structuredData === false
      ? ''
      : '<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"Example"}</script>',
    parts.head ?? '',
  ].join('');
  const body = parts.body ?? '<h1>Welcome</h1><p>Some words about this page.</p><img src="/logo.webp" alt="Logo">';
  return `<!DOCTYPE html><html${lang === null ? '' : ` lang="${lang}"`}><head>${head}</head><body>${body}</body></html>`;
}

export { CHANGING_PATH, KNOWN_PAGES, knownPageHtml, knownPages, LOCAL_HTTP_FAILURES, type KnownVersion } from './known-pages.ts';
