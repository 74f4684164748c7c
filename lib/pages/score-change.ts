import type { ReportChange } from '@/lib/shared/check-summary';
import { t, tn } from '@/lib/shared/i18n';

/** "+8", "−3", "±0": a score change at a glance. */
export function signed(delta: number): string {
  if (delta > 0) return `+${delta}`;
  if (delta < 0) return `−${Math.abs(delta)}`;
  return '±0';
}

/** The popup's one line: "Since the report before: score +8, 2 checks fixed, 1 check newly failing." */
export function changeLine(change: ReportChange): string {
  const parts = [
    change.scoreDelta === null ? null : t('popScoreDelta', { delta: signed(change.scoreDelta) }),
    change.fixed > 0 ? tn('popFixed', change.fixed) : null,
    change.broken > 0 ? tn('popBroken', change.broken) : null,
  ].filter((part) => part !== null);
  return t('popSince', { changes: parts.length > 0 ? parts.join(', ') : t('popNoChange') });
}
