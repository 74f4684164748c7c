import { describe, expect, it } from 'vitest';
import { alertVerdict, type AlertReport } from '@/lib/background/watches/alert-rules';

const SETTINGS = { scoreDrop: 5 };
type Check = { passed: boolean; importance: 'high' | 'medium' | 'low' };
const report = (id: number, score: number | null, checks: Record<string, Check> | null = {}): AlertReport => ({ id, score, checks });
const high = (passed: boolean): Check => ({ passed, importance: 'high' });
const low = (passed: boolean): Check => ({ passed, importance: 'low' });

describe('whether a watched page got worse', () => {
  it.each([
    ['a drop of exactly N points', 90, 85, 'worse'],
    ['a drop of N − 1 points', 90, 86, 'steady'],
    ['a rise', 80, 95, 'steady'],
    ['no score then', null, 50, 'steady'],
    ['no score now', 90, null, 'steady'],
  ] as const)('%s: %s', (_name, before, after, kind) => {
    expect(alertVerdict(report(1, before), report(2, after), SETTINGS, null).kind).toBe(kind);
  });

  it('names the scores of a drop', () => {
    expect(alertVerdict(report(1, 90), report(2, 70), SETTINGS, null)).toEqual({
      kind: 'worse',
      reasons: [{ kind: 'score-drop', from: 90, to: 70 }],
    });
  });

  it('alerts when a check of high importance starts failing, not one of low importance, nor one failing already', () => {
    const before = report(1, 80, { title: high(true), robots: high(false), images: low(true) });
    const after = report(2, 80, { title: high(false), robots: high(false), images: low(false) });
    expect(alertVerdict(before, after, SETTINGS, null)).toEqual({ kind: 'worse', reasons: [{ kind: 'check-failing', check: 'title' }] });
  });

  it('ignores an accepted check, and a check the report before did not run', () => {
    const before = report(1, 80, { title: high(true) });
    const after = report(2, 80, { title: high(false), headings: high(false) });
    expect(alertVerdict(before, after, SETTINGS, null, { accepted: new Set(['title']) }).kind).toBe('steady');
  });

  it('alerts for every broken limit, and for none when the limits are not known', () => {
    const verdict = alertVerdict(report(1, 80), report(2, 80), SETTINGS, ['score ≥ 85', 'no failing title']);
    expect(verdict).toEqual({
      kind: 'worse',
      reasons: [
        { kind: 'limit-broken', limit: 'score ≥ 85' },
        { kind: 'limit-broken', limit: 'no failing title' },
      ],
    });
    expect(alertVerdict(report(1, 80), report(2, 80), SETTINGS, null).kind).toBe('steady');
    expect(alertVerdict(report(1, 80), report(2, 80), SETTINGS, []).kind).toBe('steady');
  });

  it('tells a broken limit on the first report of an address, which has nothing to compare', () => {
    expect(alertVerdict(null, report(2, 40), SETTINGS, null).kind).toBe('steady');
    expect(alertVerdict(null, report(2, 40), SETTINGS, ['score ≥ 85']).kind).toBe('worse');
  });

  it('takes the points from the settings', () => {
    expect(alertVerdict(report(1, 90), report(2, 88), { scoreDrop: 2 }, null).kind).toBe('worse');
    expect(alertVerdict(report(1, 90), report(2, 81), { scoreDrop: 10 }, null).kind).toBe('steady');
  });
});

describe('whether a watched page recovered', () => {
  const baseline = report(1, 90, { title: high(true) });

  it('recovers once no rule finds the new report worse than the one before the page got worse', () => {
    expect(
      alertVerdict(report(2, 70, { title: high(false) }), report(3, 88, { title: high(true) }), SETTINGS, null, { worseSince: baseline }),
    ).toEqual({
      kind: 'recovered',
    });
  });

  it('has not recovered while the score is still N below, though it rose since the last check', () => {
    expect(alertVerdict(report(2, 70), report(3, 80, { title: high(true) }), SETTINGS, null, { worseSince: baseline }).kind).toBe('steady');
  });

  it('has not recovered while a check that passed before still fails', () => {
    expect(alertVerdict(report(2, 70), report(3, 90, { title: high(false) }), SETTINGS, null, { worseSince: baseline }).kind).toBe('steady');
  });

  it('says nothing of recovery when the page had not got worse', () => {
    expect(alertVerdict(report(2, 90), report(3, 92), SETTINGS, null).kind).toBe('steady');
  });
});
