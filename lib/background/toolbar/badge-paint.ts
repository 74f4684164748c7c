import type { Report } from '@/lib/api';
import { RESULT_LABEL_TEXT, scoreLabel, type ResultLabel } from '@/lib/shared/score';
import type { BadgeResult } from '@/lib/background/toolbar/badge-cache';

/** How a result looks on the toolbar icon: the score, on the colour of its label. */

export interface BadgeLook {
  text: string;
  color: string;
}

/** Dark enough for the browser's white badge text to stay readable. */
export const BADGE_COLOURS: Record<ResultLabel | 'neutral', string> = {
  good: '#1e7e34',
  decent: '#a15c00',
  bad: '#c5221f',
  neutral: '#5f6368',
};

export const PROGRESS_LOOK: BadgeLook = { text: '…', color: BADGE_COLOURS.neutral };
export const EMPTY_LOOK: BadgeLook = { text: '', color: BADGE_COLOURS.neutral };

export function badgeResultOf(report: Report): BadgeResult {
  return { score: report.score, label: report.label };
}

export function badgeLook(result: BadgeResult): BadgeLook {
  if (!result) return EMPTY_LOOK;
  const label = result.label ?? (result.score !== null ? scoreLabel(result.score) : null);
  // An older service may send no score, only a word: its first letter still fits a badge.
  const text = result.score !== null ? String(Math.round(result.score)) : label ? RESULT_LABEL_TEXT[label].charAt(0) : '?';
  return { text, color: label ? BADGE_COLOURS[label] : BADGE_COLOURS.neutral };
}
