import type { ReportChange } from '@/lib/shared/check-summary';

/** "+8", "−3", "±0": a score change at a glance. */
export function signed(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '±0';
}

const checks = (n: number) => (n === 1 ? '1 check' : `${n} checks`);

/** The popup's one line: "Since the report before: score +8, 2 checks fixed, 1 check newly failing." */
export function changeLine(change: ReportChange): string {
  const parts = [
    change.scoreDelta === null ? null : `score ${signed(change.scoreDelta)}`,
    change.fixed > 0 ? `${checks(change.fixed)} fixed` : null,
    change.broken > 0 ? `${checks(change.broken)} newly failing` : null,
  ].filter((part) => part !== null);
  return `Since the report before: ${parts.length > 0 ? parts.join(', ') : 'no check changed'}.`;
}
