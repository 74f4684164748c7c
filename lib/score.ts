/**
 * How the service's 0–100 score reads to a person. Kept free of zod and of
 * the API client so the popup can show labels without bundling either.
 */

export type ResultLabel = 'good' | 'decent' | 'bad';

export const RESULT_LABELS: readonly ResultLabel[] = ['good', 'decent', 'bad'];

/** The service's own ranges (its `result` list filter uses them): good > 79, decent 49–79, bad < 49. */
export function scoreLabel(score: number): ResultLabel {
  if (score > 79) return 'good';
  if (score >= 49) return 'decent';
  return 'bad';
}

export function isResultLabel(value: unknown): value is ResultLabel {
  return value === 'good' || value === 'decent' || value === 'bad';
}

export const RESULT_LABEL_TEXT: Record<ResultLabel, string> = {
  good: 'Good',
  decent: 'Decent',
  bad: 'Bad',
};

/** 0 public, 1 private (hidden), 2 password-protected. */
export type Privacy = 0 | 1 | 2;

export const PRIVACY_VALUES: readonly Privacy[] = [0, 1, 2];

export function isPrivacy(value: unknown): value is Privacy {
  return value === 0 || value === 1 || value === 2;
}

export const PRIVACY_TEXT: Record<Privacy, string> = {
  0: 'Public',
  1: 'Private',
  2: 'Password-protected',
};
