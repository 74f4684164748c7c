import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { figuresOf, leastOf, SAMPLES, type BenchResult, type Samples } from '../../bench/figures';
import { median } from '../../bench/stats';
import { projectRoot } from '../../e2e/support/paths';

/** Every timing at `ms`, with some set apart. */
const samplesAt = (ms: number, set: Partial<Samples> = {}): Samples => ({
  ...(Object.fromEntries(SAMPLES.map((k) => [k, [ms, ms]])) as Samples),
  ...set,
});
const figure = (samples: Samples, start: string) => figuresOf(samples).find((f) => f.label.startsWith(start))!;

describe('the bench’s figures', () => {
  it.each([
    [[], Number.NaN],
    [[5], 5],
    [[9, 1, 5], 5],
    [[4, 1, 3, 2], 2.5],
  ])('takes the median of %j as %d', (samples, expected) => {
    expect(median(samples)).toBe(expected);
  });

  it('divides a median by its floor’s, and tells whether the goal is met', () => {
    const warm = figure(samplesAt(100, { popupReady: [150, 170, 160], blankReady: [100, 90, 110] }), 'popup, warm: ready');
    expect(warm).toMatchObject({ n: 3, median: 160, floor: 100, value: 1.6, goal: '≤ 1.6×', met: true });
    const cold = figure(samplesAt(100, { coldPopupReady: [190], coldBlank: [100] }), 'popup, cold: ready');
    expect(cold).toMatchObject({ value: 1.9, goal: '≤ 1.8×', met: false });
    // Opened with a page of ours open, against the blank page opened so: not the cold one, whose process starts too.
    const asleep = figure(samplesAt(100, { asleepPopupReady: [170], asleepBlank: [100], coldBlank: [200] }), 'popup, worker stopped, a page');
    expect(asleep).toMatchObject({ value: 1.7, goal: '≤ 1.8×', met: true });
  });

  it('measures the options paging in ms above its floor', () => {
    const options = figure(samplesAt(100, { optionsPage: [40, 52], optionsFloor: [35] }), 'options');
    expect(options).toMatchObject({ value: 11, goal: '≤ floor + 10 ms', met: false });
  });

  it('sets the least cold popup against the same cold blank page as the goals', () => {
    const [least] = leastOf(samplesAt(100, { coldAnswerOnly: [130, 150, 140], coldBlank: [100, 100] }));
    expect(least).toMatchObject({ n: 3, median: 140, floor: 100, value: 1.4 });
    expect(SAMPLES).toContain('coldAnswerOnly');
  });

  it('sets the page that only asks our background against the blank page of the same temperature', () => {
    const [, warm, cold, asleep] = leastOf(
      samplesAt(100, { asksReady: [150, 160], blankReady: [100], coldAsks: [300], coldBlank: [200], asleepAsks: [240], asleepBlank: [80] }),
    );
    expect(warm).toMatchObject({ median: 155, floor: 100, value: 1.55 });
    expect(cold).toMatchObject({ median: 300, floor: 200, value: 1.5 });
    expect(asleep).toMatchObject({ median: 240, floor: 80, value: 3 });
  });

  it('sets the report view’s three least frames, static, asked for kept and asked for first, against the same blank tab as its figures', () => {
    const least = leastOf(
      samplesAt(100, { reportStatic: [110, 112], reportAsks: [140, 150, 130], reportAsksFirst: [190, 170], tabBlank: [100] }),
    ).filter((f) => f.label.startsWith('report view, least'));
    expect(least).toMatchObject([
      { median: 111, floor: 100, value: 1.11 },
      { n: 3, median: 140, floor: 100, value: 1.4 },
      { n: 2, median: 180, floor: 100, value: 1.8 },
    ]);
    expect(SAMPLES).toContain('reportAsks');
    expect(SAMPLES).toContain('reportAsksFirst');
  });

  it('sets the popup’s ready frame drawn once our background answers against the blank page of the same temperature', () => {
    const least = leastOf(samplesAt(100, { popupAsksFrame: [170, 180], blankReady: [100], coldPopupAsksFrame: [380], coldBlank: [200] })).filter(
      (f) => /^popup, (warm, least: the same frame drawn once|cold, least: the frame drawn once)/.test(f.label),
    );
    expect(least).toMatchObject([
      { n: 2, median: 175, floor: 100, value: 1.75 },
      { n: 1, median: 380, floor: 200, value: 1.9 },
    ]);
  });

  it('names each figure and least row once: runs are compared by their labels', () => {
    const labels = [...figuresOf(samplesAt(100)), ...leastOf(samplesAt(100))].map((f) => f.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('gives the least options paging in ms above the least DOM change, as its figure', () => {
    const least = leastOf(samplesAt(100, { optionsLeast: [48, 50, 52], optionsFloor: [35, 37] })).find((f) => f.label.startsWith('options, least'));
    expect(least).toMatchObject({ n: 3, median: 50, floor: 36, value: 14, plus: true });
    expect(SAMPLES).toContain('optionsLeast');
  });

  it('has one goal per figure, each with its own floor', () => {
    expect(figuresOf(samplesAt(100)).map((f) => f.goal)).toEqual([
      '≤ 1.1×',
      '≤ 1.6×',
      '≤ 1.6×',
      '≤ 1.8×',
      '≤ 1.8×',
      '≤ 1.3×',
      '≤ 1.5×',
      '≤ 1.8×',
      '≤ floor + 10 ms',
    ]);
  });
});

describe('compare.ts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compare-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, result: BenchResult) => {
    writeFileSync(join(dir, name), JSON.stringify(result));
    return join(dir, name);
  };
  const sizes = { backgroundRaw: 180_000, backgroundGzip: 55_000, popupGzip: 18_000 };

  it('pools the files of each side and sets the figures and sizes side by side', () => {
    const before = [
      write('b1.json', { samples: samplesAt(100, { popupReady: [200] }), sizes }),
      write('b2.json', { samples: samplesAt(100, { popupReady: [220] }), sizes }),
    ];
    const after = write('a.json', { samples: samplesAt(100, { popupReady: [150] }), sizes: { ...sizes, backgroundGzip: 24_000 } });
    const baseline = join(dir, 'baseline.json');
    const printed = execFileSync(
      join(projectRoot, 'node_modules', '.bin', 'tsx'),
      ['tests/bench/compare.ts', ...before, '--', after, '--baseline', baseline],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    expect(printed).toMatch(/popup, warm: ready ÷ blank page\s+2\.10×\s+1\.50×\s+≤ 1\.6×\s+met\s+2\/1/);
    expect(printed).toMatch(/popupReady\s+210\.0\s+150\.0\s+-29 %/);
    expect(printed).toMatch(/backgroundGzip\s+53\.7\s+23\.4\s+-56 %/);
    expect(printed).toContain(`Written: ${baseline}`);
  });
});
