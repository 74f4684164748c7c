import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How an answer goes wrong on the wire rather than in what it says:
 * - `silent`: reads the request and never answers;
 * - `close`: closes the connection without sending a byte;
 * - `reset-mid-body`: sends the headers (with the full Content-Length) and half the body, then destroys the connection;
 * - `stall-after-headers`: sends the headers, then nothing;
 * - `stall-mid-body`: sends the headers and half the body, then nothing;
 * - `not-http`: answers with bytes that are not HTTP;
 * - `endless`: sends the headers without a length, then the body over and over, as fast as the client takes it, until it hangs up;
 * - `trickle`: the same, a few bytes every 20 ms.
 */
export type WireFault = 'silent' | 'close' | 'reset-mid-body' | 'stall-after-headers' | 'stall-mid-body' | 'not-http' | 'endless' | 'trickle';

/** What the server answers; `hang` never answers at all (the same as `fault: 'silent'`). */
export interface Canned {
  status?: number;
  /** A list sends the header once per value. */
  headers?: Record<string, string | string[]>;
  /** An object is sent as JSON with its content type; a string as is, as HTML unless told; bytes exactly as given. */
  body?: string | object | Uint8Array;
  hang?: boolean;
  fault?: WireFault;
}

export interface Received {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (request: Received, index: number) => Canned;

function bodyBytes(body: Canned['body']): { bytes: Buffer; json: boolean } {
  if (body === undefined) return { bytes: Buffer.alloc(0), json: false };
  if (body instanceof Uint8Array) return { bytes: Buffer.from(body), json: false };
  if (typeof body === 'object') return { bytes: Buffer.from(JSON.stringify(body)), json: true };
  return { bytes: Buffer.from(body), json: false };
}

/** Sends `bytes` again and again until the client hangs up: at once whenever the connection drains, or a little at a time. */
function sendForever(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | string[]>,
  bytes: Buffer,
  pace: 'endless' | 'trickle',
): void {
  const { 'Content-Length': _length, ...unsized } = headers;
  res.writeHead(status, unsized);
  if (pace === 'trickle') {
    const timer = setInterval(() => res.write(bytes.subarray(0, 8)), 20);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const pump = () => {
    let room = true;
    while (room && !res.destroyed) room = res.write(bytes);
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/** Sends the canned answer, or goes wrong the way it says. */
function answer(res: ServerResponse, canned: Canned): void {
  const fault = canned.hang ? 'silent' : canned.fault;
  if (fault === 'silent') return;
  if (fault === 'close') return void res.socket?.destroy();
  if (fault === 'not-http') return void res.socket?.end('SSH-2.0-OpenSSH_9.2\r\n\r\n');

  const { bytes, json } = bodyBytes(canned.body);
  const type = json ? 'application/json' : 'text/html; charset=UTF-8';
  const headers = { 'Content-Type': type, 'Content-Length': String(bytes.length), ...canned.headers };
  if (fault === 'endless' || fault === 'trickle') return sendForever(res, canned.status ?? 200, headers, bytes, fault);
  res.writeHead(canned.status ?? 200, headers);
  if (fault === 'stall-after-headers') return void res.flushHeaders();
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  // The callback runs once the half is handed to the connection, so the client has it before the reset.
  if (fault === 'reset-mid-body') return void res.write(half, () => res.socket?.destroy());
  if (fault === 'stall-mid-body') return void res.write(half);
  res.end(bytes);
}

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
      answer(res, responder(request, received.length - 1));
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
