import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  url(path: string): string;
  close(): Promise<void>;
}

/** Web pages on loopback for the local service to audit; any query string serves the same page. */
export async function servePages(pages: Record<string, string>): Promise<PageServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const html = pages[path];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html ?? '<h1>Not found</h1>');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
