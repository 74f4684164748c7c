/** One GET as the service's HTTP library makes it, and the failure words it reports. */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import zlib from 'node:zlib';

export interface GetOptions {
  timeoutMs: number;
  /** Extra certificate authorities (PEM) to trust besides the system ones. */
  extraCaCerts?: string[];
}

/** A fetch failure; its message is what the service sends back to the client on `url`. */
export class PageFetchError extends Error {}

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_BYTES = 10 * 1024 * 1024;

/** Sends the request; gzip and deflate are the encodings the service asks for, not brotli. */
export function send(url: URL, signal: AbortSignal, options: GetOptions): Promise<IncomingMessage> {
  const secure = url.protocol === 'https:';
  const ca = secure && options.extraCaCerts?.length ? [...tls.rootCertificates, ...options.extraCaCerts] : undefined;
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, {
      method: 'GET',
      signal,
      ...(ca ? { ca } : {}),
      headers: {
        'User-Agent': 'Mozilla/5.0 (compatible; ReportService/1.0)',
        Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
        'Accept-Encoding': 'gzip, deflate',
      },
    });
    req.on('response', resolve);
    req.on('error', (error) => reject(describe(error, url, signal, options.timeoutMs)));
    req.end();
  });
}

export function readAll(res: IncomingMessage, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BYTES) res.destroy(new PageFetchError('The page is larger than 10 MB.'));
      else chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks)));
    res.on('error', (error) => reject(error instanceof PageFetchError ? error : describe(error, null, signal, timeoutMs)));
    // A connection dropped mid-body may only close, with neither 'end' nor 'error'.
    res.on('close', () => {
      if (!res.complete) reject(describe(new Error('the connection closed before the page was complete'), null, signal, timeoutMs));
    });
  });
}

/** Words close to what the service's HTTP library reports, without anything the user did not send. */
function describe(error: Error, url: URL | null, signal: AbortSignal, timeoutMs: number): PageFetchError {
  if (signal.aborted) return new PageFetchError(`Operation timed out after ${timeoutMs} milliseconds.`);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const host = url?.hostname ?? 'the host';
  const port = url ? url.port || (url.protocol === 'https:' ? '443' : '80') : '';
  if (code === 'ECONNREFUSED') return new PageFetchError(`Failed to connect to ${host} port ${port}: Connection refused.`);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new PageFetchError(`Could not resolve host: ${host}.`);
  if (code === 'ECONNRESET') return new PageFetchError('Connection reset by peer.');
  if (/CERT|SSL|TLS|SELF_SIGNED/.test(code)) return new PageFetchError(`SSL certificate problem: ${error.message}.`);
  return new PageFetchError(`The page could not be fetched: ${error.message}.`);
}

export function decompress(raw: Buffer, encoding: string): Buffer {
  const limit = { maxOutputLength: 4 * MAX_BYTES };
  try {
    switch (encoding.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return zlib.gunzipSync(raw, limit);
      case 'br':
        return zlib.brotliDecompressSync(raw, limit);
      case 'deflate':
        return raw[0] === 0x78 ? zlib.inflateSync(raw, limit) : zlib.inflateRawSync(raw, limit);
      default:
        return raw;
    }
  } catch {
    throw new PageFetchError(`The page's ${encoding} encoding could not be decoded.`);
  }
}

export function decode(body: Buffer, contentType: string): string {
  const label = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
