/**
 * Runs tasks one after the other, in the order they were queued. Two
 * read-modify-writes of one stored item racing would each write back what
 * they read, and one change would be lost; two menu rebuilds interleaved
 * would leave duplicates. A failed task does not stop the ones after it.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}
