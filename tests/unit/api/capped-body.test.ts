import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ANSWER_MAX_BYTES, readCappedBody } from '@/lib/api/capped-body';
import { ApiError, createReportsApi } from '@/lib/api';

/**
 * An answer is read through a size cap: a service (or a file at a wrong address) sending hundreds of megabytes,
 * or never stopping, is refused at the cap, and the download ends there rather than being read to the end.
 */

/** A body handed out chunk by chunk, counting the chunks taken and whether it was cancelled. */
function countedBody(chunks: Uint8Array[]) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[seen.pulled++];
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the capped reader', () => {
  it('reads a body up to the cap whole, and decodes characters split between chunks', async () => {
    const whole = bytes('{"url":"café.example/😀"}');
    const split = [whole.subarray(0, 12), whole.subarray(12, 21), whole.subarray(21)];
    const { stream } = countedBody(split);
    expect(await readCappedBody(new Response(stream), whole.length)).toEqual({ text: '{"url":"café.example/😀"}' });
  });

  it('drops a byte-order mark and replaces bytes that are not UTF-8, as response.text() does', async () => {
    const body = new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0xff, 0x7d]);
    const { stream } = countedBody([body]);
    expect(await readCappedBody(new Response(stream))).toEqual({ text: await new Response(body).text() });
  });

  it('stops at the first chunk past the cap and cancels the rest of a body that never ends', async () => {
    const chunk = new Uint8Array(1024).fill(0x20);
    const { stream, seen } = countedBody(Array.from({ length: 1_000 }, () => chunk));
    expect(await readCappedBody(new Response(stream), 10 * 1024)).toEqual({ tooLarge: { declared: null, read: 11 * 1024 } });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(13);
  });

  it('refuses a body said to be past the cap without reading a byte of it', async () => {
    const { stream, seen } = countedBody([bytes('{}')]);
    const response = new Response(stream, { headers: { 'Content-Length': String(300 * 1024 * 1024) } });
    expect(await readCappedBody(response)).toEqual({ tooLarge: { declared: 300 * 1024 * 1024, read: 0 } });
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });

  it('reads a body whose Content-Length is nonsense by its bytes', async () => {
    const { stream } = countedBody([bytes('{"a":1}')]);
    const response = new Response(stream, { headers: { 'Content-Length': '-5' } });
    expect(await readCappedBody(response)).toEqual({ text: '{"a":1}' });
  });
});

describe('an endless answer from a real server', () => {
  it('is refused at the cap in plain words, and the connection is hung up', async () => {
    let sent = 0;
    let hungUp: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (hungUp = resolve));
    const chunk = Buffer.from(`${'{"id":1,"url":"example.com"},'.repeat(2_000)}`);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"data":[');
      const pump = () => {
        let room = true;
        while (room && !res.destroyed) {
          room = res.write(chunk);
          sent += chunk.length;
        }
        if (!res.destroyed) res.once('drain', pump);
      };
      res.on('close', hungUp);
      pump();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const api = createReportsApi({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'key-0123456789abcdef', timeoutMs: 20_000 });
      const started = performance.now();
      const error = await api.listReports().then(
        () => null,
        (caught: unknown) => caught,
      );
      const seconds = (performance.now() - started) / 1000;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('too-large');
      expect((error as ApiError).message).toBe(
        'The answer from this address was over 10 MB, far too large to be a list of reports, so the extension stopped reading it. Check the service address in the options.',
      );
      await closed;
      // What the server had handed to the connection when the client hung up: the cap, and what the sockets' buffers hold.
      console.info(`endless answer refused after ${seconds.toFixed(2)} s; server sent ${(sent / 1024 / 1024).toFixed(1)} MB`);
      expect(seconds).toBeLessThan(10);
      expect(sent).toBeLessThan(3 * ANSWER_MAX_BYTES);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
