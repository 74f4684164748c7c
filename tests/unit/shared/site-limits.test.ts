import { describe, expect, it } from 'vitest';
import { checkCategory, LIMIT_CATEGORIES } from '@/lib/shared/check-categories';
import {
  acceptanceInForce,
  acceptedChecksAt,
  limitsVerdict,
  type AcceptedFinding,
  type ReportOutcome,
  type SiteLimits,
} from '@/lib/shared/site-limits';
import { checkDetails, KNOWN_CHECKS } from '@/lib/report/check-guide';

const NOW = new Date(2026, 10, 26, 12, 0).getTime();
const NONE: SiteLimits = { minScore: null, noHighFailed: false, categories: [], checks: [] };

const report: ReportOutcome = {
  project: 'example.com',
  url: 'example.com/shop',
  score: 72,
  failed: [
    { key: 'title', importance: 'high' },
    { key: 'mixed_content', importance: 'medium' },
    { key: 'inline_css', importance: 'low' },
  ],
};

function accepted(check: string, more: Partial<AcceptedFinding> = {}): AcceptedFinding {
  return {
    id: `a-${check}`,
    project: 'example.com',
    check,
    address: 'example.com/shop',
    reason: 'third-party widget',
    until: null,
    createdAt: 0,
    ...more,
  };
}

describe('a report against its site limits', () => {
  it('keeps every limit when the site has none, or none chosen', () => {
    expect(limitsVerdict(report, undefined, [], NOW)).toEqual({ within: true, broken: [], accepted: [], changedByAccepted: false });
    expect(limitsVerdict(report, NONE, [], NOW).within).toBe(true);
  });

  it.each<[string, Partial<SiteLimits>, unknown[]]>([
    ['a minimum score above it', { minScore: 80 }, [{ kind: 'min-score', min: 80, score: 72 }]],
    ['a minimum score at it', { minScore: 72 }, []],
    ['no failed check of high importance', { noHighFailed: true }, [{ kind: 'high-failed', checks: ['title'] }]],
    ['no failed Security check', { categories: ['security'] }, [{ kind: 'category', category: 'security', checks: ['mixed_content'] }]],
    ['no failed Performance check', { categories: ['performance'] }, []],
    ['checks that must pass', { checks: ['inline_css', 'favicon'] }, [{ kind: 'check', check: 'inline_css' }]],
  ])('%s', (_, limits, broken) => {
    const verdict = limitsVerdict(report, { ...NONE, ...limits }, [], NOW);
    expect(verdict.broken).toEqual(broken);
    expect(verdict.within).toBe(broken.length === 0);
  });

  it('breaks a minimum score when the report has no score', () => {
    expect(limitsVerdict({ ...report, score: null }, { ...NONE, minScore: 10 }, [], NOW).broken).toEqual([
      { kind: 'min-score', min: 10, score: null },
    ]);
  });

  it('lets an accepted finding of the page break no limit, and says the verdict changed', () => {
    const verdict = limitsVerdict(report, { ...NONE, categories: ['security'] }, [accepted('mixed_content')], NOW);
    expect(verdict).toEqual({
      within: true,
      broken: [],
      accepted: [{ check: 'mixed_content', scope: 'page', reason: 'third-party widget', until: null }],
      changedByAccepted: true,
    });
  });

  it('never lifts the minimum score: the service score stays as it is', () => {
    const verdict = limitsVerdict(report, { ...NONE, minScore: 90 }, [accepted('title'), accepted('mixed_content')], NOW);
    expect(verdict.within).toBe(false);
    expect(verdict.accepted).toHaveLength(2);
    expect(verdict.changedByAccepted).toBe(false);
  });

  it('applies an acceptance for the whole site to every page of it, and not to another site', () => {
    const site = accepted('title', { address: null });
    expect(limitsVerdict(report, { ...NONE, noHighFailed: true }, [site], NOW).accepted).toEqual([
      { check: 'title', scope: 'site', reason: 'third-party widget', until: null },
    ]);
    expect(limitsVerdict({ ...report, url: 'example.com/blog' }, { ...NONE, noHighFailed: true }, [site], NOW).within).toBe(true);
    expect(limitsVerdict({ ...report, project: 'other.org', url: 'other.org/shop' }, { ...NONE, noHighFailed: true }, [site], NOW).within).toBe(
      false,
    );
  });

  it('applies an acceptance for a page to that page only, whatever its trailing slash or case', () => {
    const page = accepted('title', { address: 'Example.com/shop/' });
    expect(limitsVerdict(report, { ...NONE, noHighFailed: true }, [page], NOW).within).toBe(true);
    expect(limitsVerdict({ ...report, url: 'example.com/blog' }, { ...NONE, noHighFailed: true }, [page], NOW).within).toBe(false);
  });

  it('counts an expired acceptance again', () => {
    const limits = { ...NONE, noHighFailed: true };
    expect(limitsVerdict(report, limits, [accepted('title', { until: '2026-11-26' })], NOW).within).toBe(true);
    const verdict = limitsVerdict(report, limits, [accepted('title', { until: '2026-11-25' })], NOW);
    expect(verdict.within).toBe(false);
    expect(verdict.accepted).toEqual([]);
  });

  it('holds an acceptance through the whole of its last day', () => {
    expect(acceptanceInForce({ until: '2026-11-26' }, new Date(2026, 10, 26, 23, 59).getTime())).toBe(true);
    expect(acceptanceInForce({ until: '2026-11-26' }, new Date(2026, 10, 27, 0, 0).getTime())).toBe(false);
    expect(acceptanceInForce({ until: 'soon' }, NOW)).toBe(false);
  });

  it('lists the check names accepted for an address at a time', () => {
    const entries = [accepted('title'), accepted('favicon', { address: null }), accepted('robots', { until: '2020-01-01' })];
    expect([...acceptedChecksAt(entries, 'example.com', 'example.com/shop', NOW)].sort()).toEqual(['favicon', 'title']);
    expect([...acceptedChecksAt(entries, 'example.com', 'example.com/', NOW)]).toEqual(['favicon']);
  });
});

describe('the categories limits read', () => {
  it('agree with the report view for every check it knows', () => {
    for (const key of KNOWN_CHECKS) expect(checkCategory(key), key).toBe(checkDetails(key)!.category);
    expect(LIMIT_CATEGORIES).toEqual(['seo', 'performance', 'security', 'miscellaneous']);
    expect(checkCategory('llms_txt')).toBeUndefined();
  });
});
