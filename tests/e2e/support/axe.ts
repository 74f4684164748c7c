import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'puppeteer-core';

/** The WCAG 2.0, 2.1 and 2.2 success criteria of levels A and AA. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One rule broken, with each element that breaks it: where it is and what axe-core says to fix. */
export interface AxeViolation {
  rule: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

interface AxeResults {
  violations: {
    id: string;
    impact?: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
}

/**
 * Runs axe-core in `page` (or one frame of it) on the whole document as it is now, with the WCAG 2.x A and AA rules.
 * The script, read from node_modules once per run, is evaluated in the page, not loaded from a URL.
 */
export async function axeViolations(page: Page | Frame): Promise<AxeViolation[]> {
  // A string evaluated over the DevTools protocol: the extension pages' policy forbids eval() in the page.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(await axeSource());
  const results = (await page.evaluate((tags) => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
  }, WCAG_AA_TAGS)) as AxeResults;
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(' '),
      html: n.html.slice(0, 200),
      summary: (n.failureSummary ?? '').replace(/\s+/g, ' '),
    })),
  }));
}

/** The violations as lines a reader can act on, for a failed assertion's message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => [`${v.rule} (${v.impact}): ${v.help}`, ...v.nodes.map((n) => `  ${n.target}\n    ${n.html}\n    ${n.summary}`)].join('\n'))
    .join('\n');
}
