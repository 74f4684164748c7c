import { MISCELLANEOUS_CHECKS } from '@/lib/report/check-guide-miscellaneous';
import { PERFORMANCE_CHECKS } from '@/lib/report/check-guide-performance';
import { SECURITY_CHECKS } from '@/lib/report/check-guide-security';
import { SEO_CHECKS } from '@/lib/report/check-guide-seo';
import { t, type PlainKey, type PluralKey } from '@/lib/shared/i18n';

/**
 * What the report view says about each check the service runs: its category,
 * why it matters, how to fix a failure, and the kind of finding its `value`
 * and `errors` hold. Names are in lib/shared/check-names.ts (the background
 * needs them too). Thresholds here are the service's defaults: an admin may
 * change them, so a report's own figures, when it sends them, come first.
 * Checks not listed here still show, under "Other checks".
 */

export const CATEGORIES = ['seo', 'performance', 'security', 'miscellaneous', 'other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_NAMES = {
  seo: 'categorySeo',
  performance: 'categoryPerformance',
  security: 'categorySecurity',
  miscellaneous: 'categoryMiscellaneous',
  other: 'categoryOther',
} as const satisfies Record<Category, PlainKey>;

export type Unit = 'seconds' | 'bytes' | 'elements' | 'words' | 'percent';
export interface Range {
  min: number | null;
  max: number | null;
}
/** How to count what a list holds: "1 image without alt text", "3 images without alt text" (a plural in the message catalogues). */
export type Noun = Extract<PluralKey, `noun${string}`>;

export type FindingSpec =
  /** A text with its length against a limit (title, description). */
  | { kind: 'text'; limit?: Range }
  /** One value as it is: a language code, an address, a protocol version. */
  | { kind: 'value'; prefix?: string }
  | { kind: 'number'; unit: Unit; limit?: Range }
  /** Items named by the errors (or by the value), first 10 shown. */
  | { kind: 'list'; from: 'errors' | 'value'; noun: Noun }
  /** Items in named groups (links by internal/external, resources by type), counted against a limit. */
  | { kind: 'groups'; from: 'errors' | 'value'; noun: Noun; limit?: Range }
  | { kind: 'headings' }
  | { kind: 'structured' }
  /** Names with counts: deprecated tags. */
  | { kind: 'counts'; noun: Noun };

/** Which elements of the live page a finding names, for "Show on page". */
export type OnPage = 'image' | 'heading' | 'link' | 'style' | 'tag';

/** A check as the tables write it: the sentences by their message keys. */
export interface CheckSpec {
  category: Category;
  /** Why the check matters, and how to fix a failure. */
  why: PlainKey;
  fix: PlainKey;
  finding: FindingSpec;
  onPage?: OnPage;
}

/** A check as the view reads it: the sentences in the UI language. */
export type CheckDetails = Omit<CheckSpec, 'why' | 'fix'> & { why: string; fix: string };

const DETAILS = new Map<string, CheckSpec>([...SEO_CHECKS, ...PERFORMANCE_CHECKS, ...SECURITY_CHECKS, ...MISCELLANEOUS_CHECKS]);

/** What the view says about a check; undefined for one this extension does not know. */
export function checkDetails(key: string): CheckDetails | undefined {
  const spec = DETAILS.get(key);
  return spec && { ...spec, why: t(spec.why), fix: t(spec.fix) };
}

/** The keys known, in the order the service lists its checks. */
export const KNOWN_CHECKS: readonly string[] = [...DETAILS.keys()];
