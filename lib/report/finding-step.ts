/**
 * The finding "Next finding" or "Previous finding" lands on among `count` outlined, going round at
 * either end. From none yet (`at` null), Next lands on the first and Previous on the last. Null
 * when nothing is outlined.
 */
export function steppedFinding(at: number | null, count: number, step: 1 | -1): number | null {
  if (!Number.isInteger(count) || count <= 0) return null;
  if (at === null || !Number.isInteger(at) || at < 0 || at >= count) return step > 0 ? 0 : count - 1;
  return (at + step + count) % count;
}
