import type { WebWorker } from 'puppeteer-core';

/** A request the background sent the service, with wall-clock times: sent, and its body read to the end. */
export interface ServiceRequest {
  url: string;
  sentAt: number;
  readAt?: number;
}
/** The log, and the body of the last answer read from each address, as its bytes came. */
type RequestLog = { __benchRequests: ServiceRequest[]; __benchBodies: Map<string, Uint8Array<ArrayBuffer>[]> };

/** From now on, every request the worker sends is logged (once per worker: a second call keeps the log). */
export async function watchServiceRequests(worker: WebWorker): Promise<void> {
  await worker.evaluate(() => {
    const scope = globalThis as unknown as RequestLog & { fetch: typeof fetch };
    if (scope.__benchRequests) return;
    const log: ServiceRequest[] = [];
    scope.__benchRequests = log;
    scope.__benchBodies = new Map();
    const fetchNow = scope.fetch.bind(scope);
    scope.fetch = async (input, init) => {
      const entry: ServiceRequest = { url: String(input), sentAt: performance.timeOrigin + performance.now() };
      log.push(entry);
      const response = await fetchNow(input, init);
      if (!response.body) return response;
      // Read when its last chunk has passed, as a stream or as text. `flush` is a method: tsx would wrap an arrow in a helper the worker lacks.
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      const timed = response.body.pipeThrough(
        new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
          transform(chunk, controller) {
            chunks.push(chunk);
            controller.enqueue(chunk);
          },
          flush() {
            entry.readAt = performance.timeOrigin + performance.now();
            scope.__benchBodies.set(entry.url, chunks);
          },
        }),
      );
      Object.defineProperty(response, 'body', { value: timed });
      response.text = () => new Response(timed).text();
      return response;
    };
  });
}

/** The requests logged since the last call, taken out of the log. */
export function takeServiceRequests(worker: WebWorker): Promise<ServiceRequest[]> {
  return worker.evaluate(() => (globalThis as unknown as RequestLog).__benchRequests.splice(0));
}

/**
 * The least work any client does with the answer last read from `url` (`watchServiceRequests`): its bytes decoded as
 * UTF-8 and parsed as JSON, in the worker, `warmup + runs` times, ms each; the warm-up times left out.
 */
export function timeAnswerRead(worker: WebWorker, url: string, runs: number, warmup: number): Promise<number[]> {
  return worker.evaluate(
    async (url: string, runs: number, warmup: number) => {
      const chunks = (globalThis as unknown as RequestLog).__benchBodies.get(url);
      if (!chunks) throw new Error(`No answer was read from ${url}`);
      const bytes = await new Blob(chunks).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < warmup + runs; i += 1) {
        const started = performance.now();
        JSON.parse(new TextDecoder().decode(bytes));
        times.push(performance.now() - started);
      }
      return times.slice(warmup);
    },
    url,
    runs,
    warmup,
  );
}
