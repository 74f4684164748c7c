import type { WebWorker } from 'puppeteer-core';

/** A request the background sent the service, with wall-clock times: sent, and its body read to the end. */
export interface ServiceRequest {
  url: string;
  sentAt: number;
  readAt?: number;
}
/** The log, and the body of the last answer read, as its bytes came. */
type RequestLog = { __benchRequests: ServiceRequest[]; __benchLastBody?: Uint8Array[] };

/** From now on, every request the worker sends is logged (once per worker: a second call keeps the log). */
export async function watchServiceRequests(worker: WebWorker): Promise<void> {
  await worker.evaluate(() => {
    const scope = globalThis as unknown as RequestLog & { fetch: typeof fetch };
    if (scope.__benchRequests) return;
    const log: ServiceRequest[] = [];
    scope.__benchRequests = log;
    const fetchNow = scope.fetch.bind(scope);
    scope.fetch = async (input, init) => {
      const entry: ServiceRequest = { url: String(input), sentAt: performance.timeOrigin + performance.now() };
      log.push(entry);
      const response = await fetchNow(input, init);
      if (!response.body) return response;
      // Read when its last chunk has passed, as a stream or as text. `flush` is a method: tsx would wrap an arrow in a helper the worker lacks.
      const chunks: Uint8Array[] = [];
      const timed = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            chunks.push(chunk);
            controller.enqueue(chunk);
          },
          flush() {
            entry.readAt = performance.timeOrigin + performance.now();
            scope.__benchLastBody = chunks;
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
 * The least work any client does with the last answer read (`watchServiceRequests`): its bytes decoded as UTF-8 and
 * parsed as JSON, in the worker, `warmup + runs` times, ms each; the warm-up times left out.
 */
export function timeAnswerRead(worker: WebWorker, runs: number, warmup: number): Promise<number[]> {
  return worker.evaluate(
    (runs: number, warmup: number) => {
      const chunks = (globalThis as unknown as RequestLog).__benchLastBody;
      if (!chunks) throw new Error('No answer was read');
      const bytes = new Uint8Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
      chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.length), 0);
      const times: number[] = [];
      for (let i = 0; i < warmup + runs; i += 1) {
        const started = performance.now();
        JSON.parse(new TextDecoder().decode(bytes));
        times.push(performance.now() - started);
      }
      return times.slice(warmup);
    },
    runs,
    warmup,
  );
}
