import type { BundleSizes } from './bundles.ts';
import type { Timings } from './scenarios.ts';
import { round, summarise, type Summary } from './stats.ts';
import { formatTable, sizeTable, TIMING_HEADER, timingRow } from './table.ts';

export interface BenchResult extends Timings {
  sizes: BundleSizes;
  settings: { runs: number; warmup: number; slowServiceMs: number };
}

export interface BenchSummary {
  rows: { label: string; summary: Summary }[];
  /**
   * median(popup) / median(blank page), from the click and from navigation start; and the report
   * view's checks drawn / the blank page in a tab, from navigation start (kept copy, and nothing kept).
   */
  ratios: Record<
    | 'clickToShown'
    | 'clickToReady'
    | 'clickToReadyUncached'
    | 'navToShown'
    | 'navToReady'
    | 'navToReadyUncached'
    | 'firstContentfulPaint'
    | 'floorFiles'
    | 'floorAnswer'
    | 'floorFilesFirstContentfulPaint'
    | 'readyFloor'
    | 'readyUncachedFloor'
    | 'readyFloorMeasured'
    | 'reportViewCached'
    | 'reportViewUncached'
    | 'reportViewCachedWhole'
    | 'reportViewUncachedWhole'
    | 'reportFloorFiles'
    | 'reportFloorAnswer'
    | 'reportFloorFirstOpening'
    | 'answerOnly'
    | 'tabAnswerOnly'
    | 'coldShown'
    | 'coldReady',
    number
  >;
}

const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);

/** The median of the row whose label starts with `label`. */
const medianOf = (rows: BenchSummary['rows'], label: string) => rows.find((row) => row.label.startsWith(label))!.summary.median;

export function summariseBench(r: BenchResult): BenchSummary {
  const rows: BenchSummary['rows'] = [];
  const add = (label: string, values: (number | null)[]) => rows.push({ label, summary: summarise(present(values)) });
  add(
    'popup: click → page’s reports painted',
    r.popup.map((s) => s.openToShown),
  );
  add(
    'popup: click → ready (service answered)',
    r.popup.map((s) => s.openToReady),
  );
  add(
    'popup, nothing cached: click → ready',
    r.popupUncached.map((s) => s.openToReady),
  );
  add(
    'blank page: click → painted (floor)',
    r.blank.map((s) => s.openToReady),
  );
  add(
    'popup: navigation → page’s reports painted',
    r.popup.map((s) => s.navToShown),
  );
  add(
    'popup: navigation → ready',
    r.popup.map((s) => s.navToReady),
  );
  add(
    'popup, nothing cached: navigation → ready',
    r.popupUncached.map((s) => s.navToReady),
  );
  add(
    'blank page: navigation → painted',
    r.blank.map((s) => s.navToReady),
  );
  // Runs recorded before the floors existed have none of these.
  add(
    'floor, the popup’s files, none run: navigation → painted',
    (r.floorFiles ?? []).map((s) => s.navToReady),
  );
  add(
    'floor, those files + one background answer: navigation → painted',
    (r.floorAnswer ?? []).map((s) => s.navToReady),
  );
  add(
    'floor, those files + one answer after the worker finds the tab and asks the service: navigation → painted',
    (r.floorReady ?? []).map((s) => s.navToReady),
  );
  add(
    'floor, one background answer, no files: navigation → painted',
    (r.floorAnswerOnly ?? []).map((s) => s.navToReady),
  );
  // Runs recorded before the popup's request was timed have none of these.
  add(
    'popup: the service’s own answer to its request for the page’s reports',
    r.popup.map((s) => s.service ?? null),
  );
  add(
    'popup, nothing cached: the service’s own answer to that request',
    r.popupUncached.map((s) => s.service ?? null),
  );
  add(
    'popup: navigation → first contentful paint',
    r.popup.map((s) => s.firstContentfulPaint),
  );
  add(
    'blank page: navigation → first contentful paint',
    r.blank.map((s) => s.firstContentfulPaint),
  );
  add(
    'floor, the popup’s files, none run: navigation → first contentful paint',
    (r.floorFiles ?? []).map((s) => s.firstContentfulPaint),
  );
  add(
    'popup: navigation → address + buttons painted',
    r.popup.map((s) => s.contentPainted),
  );
  add(
    `slow service (+${r.settings.slowServiceMs} ms): nav → address + buttons`,
    r.slowPopup.map((s) => s.contentPainted),
  );
  add(
    `slow service (+${r.settings.slowServiceMs} ms): nav → page’s reports`,
    r.slowPopup.map((s) => s.navToShown),
  );
  add(
    `slow service (+${r.settings.slowServiceMs} ms): nav → ready`,
    r.slowPopup.map((s) => s.navToReady),
  );
  // Runs recorded before this scenario existed have none of these.
  add(
    'popup, worker stopped, no page of ours open: nav → page’s reports painted',
    (r.coldPopup ?? []).map((s) => s.navToShown),
  );
  add(
    'popup, worker stopped, no page of ours open: nav → ready',
    (r.coldPopup ?? []).map((s) => s.navToReady),
  );
  add(
    'blank page, worker stopped, no page of ours open: nav → painted',
    (r.coldBlank ?? []).map((s) => s.navToReady),
  );
  add(
    'worker: stopped → first answer (getSettings)',
    r.worker.map((s) => s.cold),
  );
  add(
    'worker: running → answer (getSettings)',
    r.worker.map((s) => s.warm),
  );
  add(
    'options: Next page → 100 rows painted',
    r.options.map((s) => s.pageChange),
  );
  // Runs recorded before the split existed have none of these.
  const split = r.options.map((s) => s.split ?? null);
  add(
    '  1 page, click → listReports sent',
    split.map((s) => s?.beforeMessage ?? null),
  );
  add(
    '  2 message → request to the service',
    split.map((s) => s?.toRequest ?? null),
  );
  add(
    '  3 service: request → answer read',
    split.map((s) => s?.service ?? null),
  );
  add(
    '  4 background parse + reply to the page',
    split.map((s) => s?.parseAndReply ?? null),
  );
  add(
    '  5 page: reply → rows painted',
    split.map((s) => s?.render ?? null),
  );
  add('    floor: the least DOM change to the next page’s rows, by hand, and its frame', r.optionsDrawFloor ?? []);
  // Runs recorded before the report view existed have none of these.
  add(
    'report view (40 checks), kept copy: navigation → checks drawn',
    (r.reportView ?? []).map((s) => s.navToShown),
  );
  add(
    'report view (40 checks), kept copy: navigation → every check whole',
    (r.reportView ?? []).map((s) => s.navToWhole ?? null),
  );
  add(
    'report view (40 checks), kept copy: navigation → service answered',
    (r.reportView ?? []).map((s) => s.navToReady),
  );
  add(
    'report view (40 checks), nothing kept: navigation → checks drawn',
    (r.reportViewUncached ?? []).map((s) => s.navToReady),
  );
  add(
    'report view (40 checks), nothing kept: navigation → every check whole',
    (r.reportViewUncached ?? []).map((s) => s.navToWhole ?? null),
  );
  add(
    'report view (40 checks), nothing kept: the service’s own answer to it',
    (r.reportViewUncached ?? []).map((s) => s.service ?? null),
  );
  add(
    'blank page in a tab: navigation → painted',
    (r.tabBlank ?? []).map((s) => s.navToReady),
  );
  add(
    'floor, the report view’s files, none run: navigation → painted',
    (r.tabFloorFiles ?? []).map((s) => s.navToReady),
  );
  add(
    'floor, its files + one background answer: navigation → painted',
    (r.tabFloorAnswer ?? []).map((s) => s.navToReady),
  );
  add(
    'floor in a tab, one background answer, no files: navigation → painted',
    (r.tabFloorAnswerOnly ?? []).map((s) => s.navToReady),
  );
  add(
    'report view (40 checks), nothing kept: open → checks drawn',
    (r.reportViewUncached ?? []).map((s) => s.openToShown),
  );
  add(
    'blank page in a tab: open → painted',
    (r.tabBlank ?? []).map((s) => s.openToShown),
  );
  const median = (label: string) => medianOf(rows, label);
  const ratio = (of: string, to: string) => round(median(of) / median(to), 2);
  // A page that waits for the service as well: its floor with the service's own answer time added.
  const withService = (floor: string, service: string, to: string) => round((median(floor) + median(service)) / median(to), 2);
  return {
    rows,
    ratios: {
      clickToShown: ratio('popup: click → page', 'blank page: click'),
      clickToReady: ratio('popup: click → ready', 'blank page: click'),
      clickToReadyUncached: ratio('popup, nothing cached: click', 'blank page: click'),
      navToShown: ratio('popup: navigation → page', 'blank page: navigation'),
      navToReady: ratio('popup: navigation → ready', 'blank page: navigation'),
      navToReadyUncached: ratio('popup, nothing cached: navigation', 'blank page: navigation'),
      floorFiles: ratio('floor, the popup’s files', 'blank page: navigation'),
      floorAnswer: ratio('floor, those files', 'blank page: navigation'),
      firstContentfulPaint: ratio('popup: navigation → first contentful', 'blank page: navigation → first contentful'),
      readyFloor: withService('floor, those files', 'popup: the service', 'blank page: navigation'),
      readyUncachedFloor: withService('floor, those files', 'popup, nothing cached: the service', 'blank page: navigation'),
      readyFloorMeasured: ratio('floor, those files + one answer after', 'blank page: navigation'),
      floorFilesFirstContentfulPaint: ratio('floor, the popup’s files, none run: navigation → first', 'blank page: navigation → first contentful'),
      reportViewCached: ratio('report view (40 checks), kept copy: navigation → checks', 'blank page in a tab: navigation'),
      reportViewUncached: ratio('report view (40 checks), nothing kept: navigation → checks', 'blank page in a tab: navigation'),
      reportViewCachedWhole: ratio('report view (40 checks), kept copy: navigation → every', 'blank page in a tab: navigation'),
      reportViewUncachedWhole: ratio('report view (40 checks), nothing kept: navigation → every', 'blank page in a tab: navigation'),
      reportFloorFiles: ratio('floor, the report view’s files', 'blank page in a tab: navigation'),
      reportFloorAnswer: ratio('floor, its files', 'blank page in a tab: navigation'),
      reportFloorFirstOpening: withService(
        'floor, its files',
        'report view (40 checks), nothing kept: the service',
        'blank page in a tab: navigation',
      ),
      coldShown: ratio('popup, worker stopped, no page of ours open: nav → page', 'blank page, worker stopped'),
      coldReady: ratio('popup, worker stopped, no page of ours open: nav → ready', 'blank page, worker stopped'),
      answerOnly: ratio('floor, one background answer', 'blank page: navigation'),
      tabAnswerOnly: ratio('floor in a tab, one background answer', 'blank page in a tab: navigation'),
    },
  };
}

export function printReport(r: BenchResult): void {
  const s = summariseBench(r);
  console.log();
  console.log(
    formatTable(
      TIMING_HEADER,
      s.rows.map((row) => timingRow(row.label, row.summary)),
    ),
  );
  console.log();
  const x = s.ratios;
  console.log(
    formatTable(
      ['popup ÷ blank page (medians)', 'first contentful paint', 'reports painted', 'ready', 'ready, nothing cached'],
      [
        ['from the click', '', times(x.clickToShown), times(x.clickToReady), times(x.clickToReadyUncached)],
        ['from navigation start', times(x.firstContentfulPaint), times(x.navToShown), times(x.navToReady), times(x.navToReadyUncached)],
        ['goal (issue 12)', '≤ 1.15×', '≤ 1.30×', '≤ 1.50×', '≤ 1.60×'],
        ['floors: files only; + one answer', times(x.floorFilesFirstContentfulPaint), `${times(x.floorFiles)}; ${times(x.floorAnswer)}`, '', ''],
        ['floor: one answer, no files', '', times(x.answerOnly), '', ''],
        ['floor: files + one answer + the service’s own answer time', '', '', times(x.readyFloor), times(x.readyUncachedFloor)],
        [
          'floor, measured: files + one answer after the worker finds the tab and asks the service',
          '',
          '',
          times(x.readyFloorMeasured),
          times(x.readyFloorMeasured),
        ],
        ['worker stopped, no page of ours open (no goal)', '', times(x.coldShown), times(x.coldReady), ''],
      ],
    ),
  );
  console.log();
  console.log(
    formatTable(
      ['report view ÷ blank page in a tab (medians, from navigation)', 'first screen drawn', 'every check whole', 'goal'],
      [
        ['kept copy (opened before)', times(x.reportViewCached), times(x.reportViewCachedWhole), '≤ 1.20×'],
        ['nothing kept (first opening)', times(x.reportViewUncached), times(x.reportViewUncachedWhole), '≤ 1.50×'],
        ['floors: files only; + one answer', `${times(x.reportFloorFiles)}; ${times(x.reportFloorAnswer)}`, '', ''],
        ['floor of a first opening: files + one answer + the service’s own answer time', times(x.reportFloorFirstOpening), '', ''],
        ['floor: one answer, no files', times(x.tabAnswerOnly), '', ''],
      ],
    ),
  );
  const ms = (label: string) => medianOf(s.rows, label);
  const service = ms('  3 service');
  console.log();
  console.log(
    formatTable(
      ['options, Next → 100 rows painted, beyond the service’s own answer (medians)', 'ms'],
      [
        ['measured: Next → rows painted − the service', (ms('options: Next page') - service).toFixed(1)],
        ['goal (issue 12)', '≤ 30.0'],
        [
          'floor: one answer from a running worker + the least DOM change and its frame',
          (ms('worker: running') + ms('    floor: the least')).toFixed(1),
        ],
      ],
    ),
  );
  console.log();
  console.log("click → …: from the toolbar click, the browser making the popup's window and renderer included (the same for");
  console.log('the blank page; on this machine it takes either about 60 or about 280 ms, so these medians jump). navigation → …:');
  console.log("from the popup's own navigation start, the part the extension controls.");
  console.log(`service requests for one popup open: ${r.popupRequests.length ? r.popupRequests.join(', ') : 'none'}`);
  console.log();
  console.log(sizeTable(r.sizes));
  console.log("(KB = 1024 bytes; gzip level 9 per file; what each page loads on opening: its HTML's scripts,");
  console.log(' preloads and stylesheets and their static imports; the background: its worker and imports)');
}

const times = (ratio: number) => `${ratio.toFixed(2)}×`;
