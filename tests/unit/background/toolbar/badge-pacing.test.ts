import { describe, expect, it } from 'vitest';
import { createBadgePacing, LOOKUPS_PER_MINUTE, TAB_LOOKUP_GAP_MS } from '@/lib/background/toolbar/badge-pacing';

const T0 = 1_700_000_000_000;

describe('the pacing of badge lookups', () => {
  it('lets a tab ask once, then again only after the gap', () => {
    const pacing = createBadgePacing();
    expect(pacing.take(1, T0)).toBe(0);
    expect(pacing.take(1, T0 + 500)).toBe(TAB_LOOKUP_GAP_MS - 500);
    expect(pacing.take(1, T0 + TAB_LOOKUP_GAP_MS - 1)).toBe(1);
    expect(pacing.take(1, T0 + TAB_LOOKUP_GAP_MS)).toBe(0);
  });

  it('does not count a lookup it put off', () => {
    const pacing = createBadgePacing();
    pacing.take(1, T0);
    for (let at = T0 + 500; at < T0 + TAB_LOOKUP_GAP_MS; at += 500) pacing.take(1, at);
    expect(pacing.take(1, T0 + TAB_LOOKUP_GAP_MS)).toBe(0);
  });

  it('paces each tab on its own', () => {
    const pacing = createBadgePacing();
    expect(pacing.take(1, T0)).toBe(0);
    expect(pacing.take(2, T0 + 10)).toBe(0);
  });

  it('holds every tab to a shared number of lookups a minute, and frees a slot a minute after it was taken', () => {
    const pacing = createBadgePacing();
    for (let tab = 0; tab < LOOKUPS_PER_MINUTE; tab++) expect(pacing.take(tab, T0 + tab * 100)).toBe(0);
    const late = T0 + LOOKUPS_PER_MINUTE * 100;
    expect(pacing.take(999, late)).toBe(T0 + 60_000 - late);
    expect(pacing.take(999, T0 + 60_000)).toBe(0);
    expect(pacing.take(1000, T0 + 60_000)).toBe(100);
  });

  it('forgets a closed tab: a new tab with its id asks at once', () => {
    const pacing = createBadgePacing();
    pacing.take(7, T0);
    pacing.forget(7);
    expect(pacing.take(7, T0 + 100)).toBe(0);
  });

  it('takes a clock set back for a fresh start rather than a wait', () => {
    const pacing = createBadgePacing({ tabGapMs: 4_000, perMinute: 2 });
    pacing.take(1, T0);
    pacing.take(2, T0);
    expect(pacing.take(1, T0 - 3_600_000)).toBe(0);
  });
});
