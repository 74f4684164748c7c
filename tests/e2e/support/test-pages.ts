import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';

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
 */
export async function serveTestPages(pages: Record<string, string>): Promise<TestPages> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = pages[path];
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(path)] ?? 'application/octet-stream' });
    response.end(request.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url(path) {
      if (!(path in pages)) throw new Error(`No test page at ${path}; served: ${Object.keys(pages).join(', ')}`);
      return origin + path;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
