import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreOf } from '../../service/audit.ts';
import { CATEGORIES } from '../../service/checks/categories.ts';
import { CHECKS } from '../../service/checks/index.ts';
import type { CheckResult } from '../../service/checks/types.ts';

/*
 * The recorded results bodies in tests/fixtures/results: each one must follow the service's
 * rules, so the tests built on them see what the service sends.
 */
const FOLDER = new URL('../../fixtures/results/', import.meta.url);
const text = (file: string) => readFileSync(new URL(file, FOLDER), 'utf8');
const results = (file: string): Record<string, CheckResult> => JSON.parse(text(file));
const kindBody = (file: string): Record<string, Record<string, CheckResult>> => JSON.parse(text(file));
const IMPORTANCE = new Map(CHECKS.map((c) => [c.name, c.importance]));
const ERROR_KEYS = [
  'missing',
  'length',
  'too_many',
  'duplicate',
  'bad_format',
  'too_slow',
  'too_large',
  'too_few',
  'too_small',
  'bad_tags',
  'failed',
];
const FLOATS = ['load_time', 'page_size', 'text_compression', 'text_html_ratio'];
const KIND_FILES = readdirSync(FOLDER).filter((f) => f.startsWith('kind-'));
const KINDS: Record<string, { file: string; checks: string[] }> = JSON.parse(text('kinds.json'));

function expectRealShape(results: Record<string, CheckResult>) {
  for (const [name, entry] of Object.entries(results)) {
    expect(Object.keys(entry), name).toEqual(entry.passed ? ['passed', 'importance', 'value'] : ['passed', 'importance', 'value', 'errors']);
    expect(entry.importance, name).toBe(IMPORTANCE.get(name));
    for (const [key, payload] of Object.entries(entry.errors ?? {})) {
      expect(ERROR_KEYS, `${name}.errors.${key}`).toContain(key);
      // Thresholds come from a text column: {"max":"60"}.
      for (const limit of ['min', 'max'] as const) {
        if (payload && typeof payload === 'object' && limit in payload) expect(typeof Reflect.get(payload, limit), `${name} ${limit}`).toBe('string');
      }
    }
  }
}

/** Every number literal written for a float check keeps its decimal point (9214.0, not 9214). */
function floatLiterals(raw: string): string[] {
  return [...raw.matchAll(new RegExp(`"(?:${FLOATS.join('|')})":\\s*\\{[^{}]*?"value":\\s*(-?[\\d.e+-]+)`, 'g'))].map((m) => m[1] ?? '');
}

describe('the three example bodies', () => {
  // 36 checks: 11 high, 15 medium, 10 low, 185 in all at 10/5/0.
  it.each([
    // Fails http2 (medium) and inline_css (low): 180 / 185.
    ['spec-good.json', 97],
    // Fails headings and image_keywords (high), six medium checks, five low: 135 / 185.
    ['spec-mixed.json', 73],
    // Passes only noindex (high), in_page_links and mixed_content (medium), content_length (low): 20 / 185.
    ['spec-bad.json', 11],
  ])('%s lists every check in the service’s order, in real shapes, and scores %i', (file, score) => {
    const body = results(file);
    expect(Object.keys(body)).toEqual(CHECKS.map((c) => c.name));
    expectRealShape(body);
    expect(scoreOf(body)).toBe(score);
    expect(floatLiterals(text(file))).toHaveLength(4);
    expect(floatLiterals(text(file)).every((n) => n.includes('.'))).toBe(true);
  });
});

describe('the bodies by kind of value', () => {
  it.each(KIND_FILES)('%s has the same checks passed and failed, in real shapes', (file) => {
    const body = kindBody(file);
    expect(Object.keys(body.passed ?? {}).sort()).toEqual(Object.keys(body.failed ?? {}).sort());
    const ofKind = Object.values(KINDS).find((k) => k.file === file)?.checks ?? [];
    for (const [form, entries] of Object.entries(body)) {
      expectRealShape(entries);
      // Other checks may come along as context, such as the title a heading repeats.
      const checked = Object.entries(entries).filter(([name]) => ofKind.includes(name));
      expect(checked.length, form).toBeGreaterThan(0);
      for (const [name, entry] of checked) expect(entry.passed, `${form}.${name}`).toBe(form.startsWith('passed'));
    }
    expect(floatLiterals(text(file)).every((n) => n.includes('.'))).toBe(true);
  });

  it('cover every check once, as kinds.json lists them', () => {
    expect(
      Object.values(KINDS)
        .map((k) => k.file)
        .sort(),
    ).toEqual([...KIND_FILES].sort());
    for (const { file, checks } of Object.values(KINDS)) expect(Object.keys(kindBody(file).failed ?? {})).toEqual(checks);
    expect(
      Object.values(KINDS)
        .flatMap((k) => k.checks)
        .sort(),
    ).toEqual(CHECKS.map((c) => c.name).sort());
  });
});

describe('the categories', () => {
  it('put each of the 36 checks in one tab: SEO 12, performance 8, security 7, miscellaneous 9', () => {
    expect(Object.fromEntries(Object.entries(CATEGORIES).map(([name, checks]) => [name, checks.length]))).toEqual({
      seo: 12,
      performance: 8,
      security: 7,
      miscellaneous: 9,
    });
    expect(Object.values(CATEGORIES).flat().sort()).toEqual(CHECKS.map((c) => c.name).sort());
  });

  it('weigh 11 high, 15 medium and 10 low checks', () => {
    const count = (importance: string) => CHECKS.filter((c) => c.importance === importance).length;
    expect([count('high'), count('medium'), count('low')]).toEqual([11, 15, 10]);
  });
});
