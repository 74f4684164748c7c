import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers; `hang` never answers at all. */
export interface Canned {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON with its content type; a string as is. */
  body?: string | object;
  hang?: boolean;
}

export interface Received {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (request: Received, index: number) => Canned;

/**
 * A real HTTP server on 127.0.0.1 with an ephemeral port that answers each
 * request as the test tells it, and keeps what it received.
 */
export async function startCannedServer(initial: Canned | Responder = { status: 200, body: {} }) {
  let responder: Responder = typeof initial === 'function' ? initial : () => initial;
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const canned = responder(request, received.length - 1);
      if (canned.hang) return;
      const isJson = typeof canned.body === 'object';
      const text = canned.body === undefined ? '' : isJson ? JSON.stringify(canned.body) : String(canned.body);
      const headers: Record<string, string> = isJson ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'text/html; charset=UTF-8' };
      res.writeHead(canned.status ?? 200, { ...headers, ...canned.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    received,
    reply(next: Canned | Responder) {
      responder = typeof next === 'function' ? next : () => next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type CannedServer = Awaited<ReturnType<typeof startCannedServer>>;

/** A port on 127.0.0.1 that nothing listens on any more. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
