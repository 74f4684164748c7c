import type { WebWorker } from 'puppeteer-core';

/** A request the background sent the service, with wall-clock times: sent, and its body read to the end. */
export interface ServiceRequest {
  url: string;
  sentAt: number;
  readAt?: number;
}
type RequestLog = { __benchRequests: ServiceRequest[] };

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
      const timed = response.body.pipeThrough(
        new TransformStream({
          flush() {
            entry.readAt = performance.timeOrigin + performance.now();
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
