import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlowProxy {
  /** `http://127.0.0.1:PORT`: the service, answering `delayMs` later than it would. */
  baseUrl: string;
  delayMs: number;
  close(): Promise<void>;
}

/**
 * The report service behind a slow network: every request waits `delayMs` before it is
 * passed on (the local service only slows its audits, and the popup's first paint must be
 * measured while its reads are still on the way). Loopback only.
 */
export async function startSlowProxy(targetBaseUrl: string, delayMs: number): Promise<SlowProxy> {
  const target = new URL(targetBaseUrl);
  const proxy: SlowProxy = { baseUrl: '', delayMs, close: () => Promise.resolve() };
  const server = createServer((incoming, outgoing) => {
    setTimeout(() => {
      const forwarded = request(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(forwarded);
    }, proxy.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
