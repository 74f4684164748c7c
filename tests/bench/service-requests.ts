import type { WebWorker } from 'puppeteer-core';

/**
 * The service's own time, as the background meets it: the worker's `fetch` wrapped (in the bench's browser only)
 * to log each request to the service, from its sending to its body read to the end.
 * The options paging splits its time with it; the popup and the report view time their own request.
 */
export interface ServiceRequest {
  url: string;
  sentAt: number;
  readAt?: number;
}
type RequestLog = { __benchRequests: ServiceRequest[] };

/** From now on, every request the worker sends the service is logged (once per worker: a second call keeps the log). */
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
      // The body is read when its last chunk has passed, however the client reads it (as a stream or as text).
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

/**
 * Runs `open` with the worker's requests to the service logged from its start: what it gives, and the service's own
 * time (sent → body read) for the first request whose address `matches`; null when none was answered.
 */
export async function withServiceTime<T>(worker: WebWorker, matches: RegExp, open: () => Promise<T>): Promise<{ result: T; service: number | null }> {
  await watchServiceRequests(worker);
  await takeServiceRequests(worker);
  const result = await open();
  const asked = (await takeServiceRequests(worker)).find((r) => matches.test(r.url) && r.readAt !== undefined);
  return { result, service: asked ? asked.readAt! - asked.sentAt : null };
}
