import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from './context.ts';
import { phpJson } from './php-json.ts';

const MAX_BODY = 1024 * 1024;

export class BodyTooLarge extends Error {}

/**
 * Query and body fields together. Form bodies are the documented way; JSON bodies are read
 * too, and a body that does not parse counts as empty, as the framework treats it.
 */
export async function readInput(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'DELETE') {
    req.resume();
    return input;
  }
  const text = await readText(req);
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (type.includes('json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(input, parsed);
    } catch {
      // An unreadable JSON body adds nothing; validation then says what is missing.
    }
  } else {
    Object.assign(input, Object.fromEntries(new URLSearchParams(text)));
  }
  return input;
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache, private', ...reply.headers };
  if (reply.endless) return sendEndless(res, reply.status, headers, reply.endless);
  let body = '';
  if (reply.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = phpJson(reply.json);
  } else if (reply.html !== undefined) {
    headers['Content-Type'] ??= 'text/html; charset=UTF-8';
    body = reply.html;
  }
  headers['Content-Length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

/** How often a paced endless answer sends its next part. */
const PACE_TICK_MS = 50;

/**
 * No Content-Length: `start`, then `repeat` over and over until the client hangs up or the service closes; at the
 * pace's bytes a second (to within one `repeat` a tick), or as fast as the client reads.
 */
function sendEndless(res: ServerResponse, status: number, headers: Record<string, string>, body: NonNullable<Reply['endless']>): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json' });
  res.write(body.start);
  const rate = body.pace.bytesPerSecond;
  const bytesAtOnce = rate === undefined ? 65_536 : (rate * PACE_TICK_MS) / 1000;
  const chunk = Buffer.from(body.repeat.repeat(Math.max(1, Math.round(bytesAtOnce / Buffer.byteLength(body.repeat)))));
  if (rate !== undefined) {
    const timer = setInterval(() => res.write(chunk), PACE_TICK_MS);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const pump = () => {
    let room = true;
    while (room && !res.destroyed) room = res.write(chunk);
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

/**
 * The framework's `expectsJson()`: the most preferred type in Accept names JSON, or an XHR
 * that accepts anything.
 */
export function expectsJson(req: IncomingMessage): boolean {
  const accept = String(req.headers.accept ?? '');
  const preferred = accept
    .split(',')
    .map((item, index) => ({ type: item.split(';')[0]?.trim() ?? '', q: quality(item), index }))
    .sort((a, b) => b.q - a.q || a.index - b.index)[0]?.type;
  if (preferred && /\/json|\+json/i.test(preferred)) return true;
  const xhr = String(req.headers['x-requested-with'] ?? '') === 'XMLHttpRequest';
  return xhr && (accept === '' || preferred === '*/*');
}

function quality(item: string): number {
  const q = /;\s*q=([\d.]+)/.exec(item)?.[1];
  return q === undefined ? 1 : Number(q);
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(String(req.headers.authorization ?? ''));
  return match?.[1];
}
