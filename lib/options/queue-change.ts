/**
 * What changed in the queue between two readings, in numbers for its live region: how many reports
 * left it without being cancelled on this page (sent), and how many wait now. Null when nothing
 * worth telling changed.
 */
export function queueChange(
  before: readonly string[],
  now: readonly string[],
  cancelledHere: ReadonlySet<string>,
): { sent: number; waiting: number } | null {
  const present = new Set(now);
  const sent = before.filter((url) => !present.has(url) && !cancelledHere.has(url)).length;
  const added = now.some((url) => !before.includes(url));
  return sent > 0 || added ? { sent, waiting: now.length } : null;
}
