import type { BundleSizes } from './bundles.ts';
import { median, round } from './stats.ts';
import { formatTable, kb } from './table.ts';

export interface Sizes {
  backgroundRaw: number;
  backgroundGzip: number;
  /** JS and CSS the popup loads on opening. */
  popupGzip: number;
}

export interface BenchResult {
  commit?: string | null;
  samples: Partial<Samples>;
  sizes: Sizes;
}

/** Each goal: median(of) ÷ median(floor) at most `goal`, or with `plus`, median(of) − median(floor) at most `goal` ms. */
export const FIGURES = [
  { label: 'popup, warm: first contentful paint ÷ blank page', of: 'popupFcp', floor: 'blankFcp', goal: 1.1 },
  { label: 'popup, warm: ready ÷ blank page', of: 'popupReady', floor: 'blankReady', goal: 1.6 },
  { label: 'popup, cold: page’s reports painted ÷ blank page, cold', of: 'coldPopupShown', floor: 'coldBlank', goal: 1.6 },
  { label: 'popup, cold: ready ÷ blank page, cold', of: 'coldPopupReady', floor: 'coldBlank', goal: 1.8 },
  {
    label: 'popup, worker stopped, a page of ours open: ready ÷ blank page opened so',
    of: 'asleepPopupReady',
    floor: 'asleepBlank',
    goal: 1.8,
  },
  { label: 'worker: stopped → first answer ÷ a worker that only answers', of: 'workerCold', floor: 'workerFloor', goal: 1.3 },
  { label: 'report view, kept copy: first screen drawn ÷ blank tab', of: 'reportKept', floor: 'tabBlank', goal: 1.5 },
  { label: 'report view, first opening: first screen drawn ÷ blank tab', of: 'reportFirst', floor: 'tabBlank', goal: 1.8 },
  { label: 'options: Next → 100 rows painted beyond the service − least DOM change', of: 'optionsPage', floor: 'optionsFloor', goal: 10, plus: true },
] as const satisfies readonly { label: string; of: string; floor: string; goal: number; plus?: true }[];

/** What the least page doing the same work measures against the same floor: how far below a goal can go. */
export const LEAST = [
  { label: 'popup, cold, least: a popup painting its answer-only worker’s answer ÷ blank page, cold', of: 'coldAnswerOnly', floor: 'coldBlank' },
  {
    label: 'popup, warm, least: a page asking our background the popup’s question, one line painted ÷ blank page',
    of: 'asksReady',
    floor: 'blankReady',
  },
  { label: 'popup, cold, least: the same page, our worker stopped ÷ blank page, cold', of: 'coldAsks', floor: 'coldBlank' },
  {
    label: 'popup, worker stopped, a page of ours open, least: the same page ÷ blank page opened so',
    of: 'asleepAsks',
    floor: 'asleepBlank',
  },
  { label: 'popup, warm, least: its ready frame as a static page, no script ÷ blank page', of: 'popupStatic', floor: 'blankReady' },
  {
    label: 'popup, warm, least: the same static page, first contentful paint ÷ blank page',
    of: 'popupStaticFcp',
    floor: 'blankFcp',
  },
  { label: 'popup, cold, least: the same static page ÷ blank page, cold', of: 'coldPopupStatic', floor: 'coldBlank' },
  {
    label: 'popup, warm, least: the same frame drawn by script after reading the catalogue ÷ blank page',
    of: 'popupWords',
    floor: 'blankReady',
  },
  { label: 'popup, cold, least: the same, cold ÷ blank page, cold', of: 'coldPopupWords', floor: 'coldBlank' },
  {
    label: 'popup, warm, least: the same frame drawn once our background answers the popup’s question, catalogue read ÷ blank page',
    of: 'popupAsksFrame',
    floor: 'blankReady',
  },
  {
    label: 'popup, cold, least: the frame drawn once our stopped worker answers, cold ÷ blank page, cold',
    of: 'coldPopupAsksFrame',
    floor: 'coldBlank',
  },
  { label: 'report view, least: its kept first frame as a static page, no script ÷ blank tab', of: 'reportStatic', floor: 'tabBlank' },
  {
    label: 'report view, least: the same frame set by a script once our background answers with the kept copy ÷ blank tab',
    of: 'reportAsks',
    floor: 'tabBlank',
  },
  {
    label: 'report view, least: the same frame set once our background answers with the report from the service, none kept ÷ blank tab',
    of: 'reportAsksFirst',
    floor: 'tabBlank',
  },
  { label: 'worker, least: our background parsed, not run, then only answering ÷ answer-only', of: 'workerParsed', floor: 'workerFloor' },
  { label: 'worker, least: our background’s modules run, none of its start ÷ answer-only', of: 'workerEvaluated', floor: 'workerFloor' },
  { label: 'worker, least: our background started, listeners and all, answering at once ÷ answer-only', of: 'workerStarted', floor: 'workerFloor' },
  {
    label: 'worker, least: zod and the browser calls getSettings makes, no other code of ours ÷ answer-only',
    of: 'workerLeast',
    floor: 'workerFloor',
  },
  {
    label: 'options, least: the service’s answer decoded and parsed as JSON, then the least DOM change − least DOM change',
    of: 'optionsLeast',
    floor: 'optionsFloor',
    plus: true,
  },
] as const satisfies readonly { label: string; of: string; floor: string; plus?: true }[];

/** Every timing the bench keeps, ms, each from its own samples. */
export const SAMPLES = [...new Set([...FIGURES, ...LEAST].flatMap((f) => [f.of, f.floor]))];
export type Samples = Record<(typeof SAMPLES)[number], number[]>;

export const BACKGROUND_GZIP_GOAL = 25 * 1024;

export type FigureValue = ReturnType<typeof figuresOf>[number];

/** A figure's median against its floor's: median(of) ÷ median(floor), or with `plus`, median(of) − median(floor) in ms. */
function measured(f: { label: string; of: keyof Samples; floor: keyof Samples; plus?: true }, samples: Partial<Samples>) {
  const [of, floor] = [round(median(samples[f.of] ?? [])), round(median(samples[f.floor] ?? []))];
  const plus = f.plus === true;
  return { label: f.label, n: samples[f.of]?.length ?? 0, median: of, floor, value: plus ? round(of - floor) : round(of / floor, 2), plus };
}

/** What the least page or worker doing the same work measures, as its figure is measured; no goal. */
export function leastOf(samples: Partial<Samples>) {
  return LEAST.map((f) => measured(f, samples));
}

export function figuresOf(samples: Partial<Samples>) {
  return FIGURES.map((f) => {
    const figure = measured(f, samples);
    const goal = figure.plus ? `≤ floor + ${f.goal} ms` : `≤ ${f.goal}×`;
    return { ...figure, goal, met: figure.value <= f.goal };
  });
}

export const sizesOf = (b: BundleSizes): Sizes => ({
  backgroundRaw: b.background.js.raw,
  backgroundGzip: b.background.js.gzip,
  popupGzip: b.popup.total.gzip,
});

/** The value as printed: a ratio, or ms above the floor. */
export const shown = (f: Pick<FigureValue, 'value' | 'plus'>) =>
  Number.isNaN(f.value) ? '–' : f.plus ? `${f.value >= 0 ? '+' : ''}${f.value.toFixed(1)} ms` : `${f.value.toFixed(2)}×`;
const met = (ok: boolean) => (ok ? 'met' : 'not met');

export function printSummary(r: BenchResult): void {
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const sizes = [
    ['background JS, raw', kb(r.sizes.backgroundRaw), '', ''],
    ['background JS, gzip', kb(r.sizes.backgroundGzip), `≤ ${kb(BACKGROUND_GZIP_GOAL)} KB`, met(r.sizes.backgroundGzip <= BACKGROUND_GZIP_GOAL)],
    ['popup first load (JS + CSS), gzip', kb(r.sizes.popupGzip), '', ''],
  ];
  console.log(
    formatTable(
      ['figure (medians, ms from navigation start)', 'n', 'median', 'floor', 'measured', 'goal', ''],
      [
        ...figuresOf(r.samples).map((f) => [f.label, String(f.n), ms(f.median), ms(f.floor), shown(f), f.goal, met(f.met)]),
        ...leastOf(r.samples).map((f) => [f.label, String(f.n), ms(f.median), ms(f.floor), shown(f), '', '']),
        ...sizes.map(([label, size, goal, ok]) => [label!, '', '', '', `${size} KB`, goal!, ok!]),
      ],
    ),
  );
}
