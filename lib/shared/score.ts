import { catalogueWords } from '@/lib/shared/i18n';
/**
 * How the service's 0–100 score reads to a person. Kept free of zod and of
 * the API client so the popup can show labels without bundling either.
 */

/** A tuple, so zod schemas can read it too: `z.enum(RESULT_LABELS)`. */
export const RESULT_LABELS = ['good', 'decent', 'bad'] as const;

export type ResultLabel = (typeof RESULT_LABELS)[number];

/** The service's own ranges (its `result` list filter uses them): good > 79, decent 49–79, bad < 49. */
export function scoreLabel(score: number): ResultLabel {
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}

export function isResultLabel(value: unknown): value is ResultLabel {
  return RESULT_LABELS.some((label) => label === value);
}

// Read in the UI language each time (catalogueWords): the same words on every screen.
export const RESULT_LABEL_TEXT = catalogueWords<ResultLabel>({ good: 'scoreGood', decent: 'scoreDecent', bad: 'scoreBad' });
