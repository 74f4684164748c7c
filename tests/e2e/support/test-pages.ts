import { extname } from 'node:path';
import { startPageServer } from '../../service/test-pages.ts';

export interface TestPages {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The full address of one of the served paths; throws on a path that is not served. */
  url(path: string): string;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

/**
 * Serves fixed pages on 127.0.0.1 (a free port), e.g.
 * `serveTestPages({ '/': '<title>Home</title>…', '/robots.txt': 'User-agent: *' })`.
 * Paths ending in .css/.js/.json/.txt/.xml get their type; everything else is HTML.
 * The page server the local service's tests use, with a type per path and a check on `url()`.
 */
export async function serveTestPages(pages: Record<string, string>): Promise<TestPages> {
  const routes = Object.fromEntries(
    Object.entries(pages).map(([path, body]) => [
      path,
      // Unzipped, as before: audits of these pages keep their scores.
      { body, gzip: false, headers: { 'Content-Type': contentTypes[extname(path)] ?? 'application/octet-stream' } },
    ]),
  );
  const server = await startPageServer(routes);
  return {
    origin: server.origin,
    url(path) {
      if (!(path in pages)) throw new Error(`No test page at ${path}; served: ${Object.keys(pages).join(', ')}`);
      return server.origin + path;
    },
    close: () => server.close(),
  };
}
