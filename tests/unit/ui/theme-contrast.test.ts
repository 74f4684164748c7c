import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every colour the stylesheets put text in, on every background they put it on, in the light and the dark
 * theme of components/ui/theme.css: at least 4.5:1, WCAG's level AA for text of normal size (the score
 * labels are 0.9em). Read from the stylesheet itself, so a changed colour is checked as it ships.
 */
const css = readFileSync(join(import.meta.dirname, '../../../components/ui/theme.css'), 'utf8');

function tokens(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\b/gi)].map((m) => [m[1]!, m[2]!.toLowerCase()]));
}

const light = tokens(/:root\s*{([^}]*)}/.exec(css)![1]!);
const dark = { ...light, ...tokens(/prefers-color-scheme:\s*dark\)\s*{\s*:root\s*{([^}]*)}/.exec(css)![1]!) };

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** [text, background], as components/ui/ui.css, theme.css and the pages' sheets pair them. */
const PAIRS: [string, string][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['muted', 'bg'],
  ['muted', 'surface'],
  ['accent', 'bg'],
  ['accent', 'surface'],
  ['on-accent', 'accent'],
  ['on-accent', 'accent-hover'],
  ['bad', 'bg'],
  // The score: its number on the result's colour, its label in that colour on the result's pale ground.
  ['bg', 'good'],
  ['bg', 'decent'],
  ['bg', 'bad'],
  ['bg', 'muted'],
  ['good', 'good-bg'],
  ['decent', 'decent-bg'],
  ['bad', 'bad-bg'],
  // The report view's history chart: its ticks on the result bands.
  ['muted', 'good-bg'],
  ['muted', 'decent-bg'],
  ['muted', 'bad-bg'],
  // Notices: the page's text on their grounds.
  ['text', 'bad-bg'],
  ['text', 'decent-bg'],
  ['text', 'info-bg'],
];

describe('the theme’s colours', () => {
  it('reads every colour it pairs, in both themes', () => {
    for (const theme of [light, dark])
      for (const [text, ground] of PAIRS) expect([theme[text], theme[ground]]).toEqual([expect.any(String), expect.any(String)]);
  });

  for (const [name, theme] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`gives text at least 4.5:1 against its background, ${name}`, () => {
      const low = PAIRS.map(([text, ground]) => ({
        pair: `${text} on ${ground}`,
        ratio: Math.round(contrast(theme[text]!, theme[ground]!) * 100) / 100,
      })).filter((p) => p.ratio < 4.5);
      expect(low).toEqual([]);
    });
  }
});
