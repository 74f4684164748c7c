/** The progress last told to screen readers: how many were done, and when (ms). */
export interface ProgressTold {
  done: number;
  at: number;
}

/** Reading progress is told at each tenth of the total, or when 5 s have passed since it was last told. */
export const TELL_EVERY_MS = 5_000;

/**
 * Whether `done` of `total` is worth telling now, `last` having been told before (null: nothing yet).
 * Not every page read: a screen reader would read nothing else.
 */
export function progressWorthTelling(last: ProgressTold | null, done: number, total: number, now: number): boolean {
  if (!Number.isFinite(total) || total <= 0) return false;
  if (last === null) return true;
  if (done <= last.done) return false;
  if (done >= total) return true;
  const tenth = (n: number) => Math.floor((n * 10) / total);
  return tenth(done) > tenth(last.done) || now - last.at >= TELL_EVERY_MS;
}
