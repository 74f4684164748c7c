import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Addresses that are not a working report service, for the failures users meet. */

export interface StandIn {
  origin: string;
  close(): Promise<void>;
}

/** A website, not the API: every path answers 200 with a web page. `port` 0 picks a free one. */
export async function serveHtmlEverywhere(port = 0): Promise<StandIn> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Our blog</title><h1>Welcome</h1>');
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The address of a port that was listened on a moment ago and is closed now: a stopped service. */
export async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Polls `probe` until it gives a truthy value; for outcomes outside any page (the service's store). */
export async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
