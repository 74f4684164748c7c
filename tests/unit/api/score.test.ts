import { describe, expect, it } from 'vitest';
import { RESULT_LABEL_TEXT, scoreLabel, type ResultLabel } from '@/lib/shared/score';
import { PRIVACY_TEXT } from '@/lib/shared/privacy';

describe('scoreLabel', () => {
  it.each<[number, ResultLabel]>([
    [100, 'good'],
    [80, 'good'],
    [79.5, 'good'],
    [79, 'decent'],
    [64, 'decent'],
    [49, 'decent'],
    [48.9, 'bad'],
    [48, 'bad'],
    [0, 'bad'],
  ])('reads a score of %s as %s', (score, label) => {
    expect(scoreLabel(score)).toBe(label);
  });
});

describe('words shown for labels and privacy', () => {
  it('has a short plain word for every label', () => {
    expect(RESULT_LABEL_TEXT).toEqual({ good: 'Good', decent: 'Decent', bad: 'Bad' });
  });

  it('names every privacy mode', () => {
    expect(PRIVACY_TEXT).toEqual({ 0: 'Public', 1: 'Private', 2: 'Password-protected' });
  });
});
