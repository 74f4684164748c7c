import type { Report } from '@/lib/api';
import { ApiError, isApiError, type ApiErrorData } from '@/lib/api/errors';
import { previousOf, reportsOfAddress } from '@/lib/background/address-reports';
import { announce, connectedApi } from '@/lib/background/connection';
import { shownServiceName } from '@/lib/background/service-list';
import { addRun, onItemSettled, scheduleWork, wakeAlso } from '@/lib/background/runs/run-engine';
import { afterStart } from '@/lib/background/start-work';
import type { Claim, Outcome } from '@/lib/background/runs/run-state';
import { alertVerdict, type AlertReport } from '@/lib/background/watches/alert-rules';
import { limitsForAlert } from '@/lib/background/site-limits-store';
import { tellQuotaPause, tellVerdict } from '@/lib/background/watches/watch-alerts';
import { sendToWebhook, webhookBody } from '@/lib/background/watches/webhook';
import { afterQuotaRefused, dueWatches, nextWatchWake, watchesView, withAdded } from '@/lib/background/watches/watch-state';
import type { ListedReport, RequestOf, Run, Watch, WatchesView } from '@/lib/protocol';
import { checkReportable, samePage } from '@/lib/shared/page-address';
import { scoreDelta } from '@/lib/shared/check-summary';
import { t } from '@/lib/shared/i18n';
import { readDefaultServiceId, readServiceList, watches, watchSettings } from '@/lib/storage';

/**
 * Watched pages checked on their schedules by the one run engine: each check is a run of one
 * create (`watch`), so it shares the engine's lanes, retry policy, offline waits and alarm, and no
 * page gets two creates at once. A check's report is compared with the one before it of the same
 * address (lib/background/watches/alert-rules.ts), and the alerts are told (watch-alerts.ts).
 */

export async function readWatchesView(now = Date.now()): Promise<WatchesView> {
  const [list, settings, services] = await Promise.all([watches.read(), watchSettings.read(), readServiceList()]);
  const view = watchesView(list, settings, now);
  // Watches kept by versions before named services check on the default.
  return {
    ...view,
    watches: view.watches.map((watch) => {
      const serviceName = shownServiceName(services, watch.service);
      return serviceName === null ? watch : { ...watch, serviceName };
    }),
  };
}

const changed = async () => {
  announce('watches');
  await scheduleWork();
  return readWatchesView();
};

/** Starts the check of each watch: a run of one create, its last check set now so that missed slots count once. */
async function startChecks(chosen: readonly Watch[], now: number): Promise<void> {
  if (chosen.length === 0) return;
  const ids = new Set(chosen.map((watch) => watch.id));
  await watches.update((list) => list.map((watch) => (ids.has(watch.id) ? { ...watch, lastCheckAt: now } : watch)));
  for (const watch of chosen) {
    // A create of the page already under way (the popup, a run) is left alone: it is no check.
    await addRun('create', [{ url: watch.url }], watch.privacy, { shape: (run) => ({ ...run, watch: watch.id }), service: watch.service }).catch(
      () => null,
    );
  }
  announce('watches');
}

async function checkDue(): Promise<void> {
  const now = Date.now();
  const [list, settings] = await Promise.all([watches.read(), watchSettings.read()]);
  await startChecks(dueWatches(list, settings, now), now);
}

export async function addWatches(
  request: RequestOf<'addWatches'>,
  service?: string | null,
): Promise<{ view: WatchesView; added: number; madePrivate: number }> {
  const now = Date.now();
  const serviceId = service ?? (await readDefaultServiceId());
  // Reports carry their address without a scheme; only web addresses are watched.
  const pages = request.pages.flatMap((page) => {
    const reportable = checkReportable(/^[a-z][a-z\d+.-]*:/i.test(page.url) ? page.url : `https://${page.url}`);
    return reportable.ok ? [{ ...page, url: reportable.url }] : [];
  });
  if (pages.length === 0) throw new ApiError({ kind: 'validation', message: t('runNothing') });
  const made: Watch[] = pages.map(({ url, privacy }) => ({
    id: crypto.randomUUID(),
    url,
    privacy: privacy === 0 ? 0 : 1,
    every: request.every,
    hour: request.hour,
    offsetMinutes: request.offsetMinutes,
    createdAt: now,
    paused: false,
    lastCheckAt: now,
    last: null,
    worseSince: null,
    lastError: null,
    webhookError: null,
    ...(serviceId ? { service: serviceId } : {}),
  }));
  let result: ReturnType<typeof withAdded> | null = null;
  await watches.update((list) => {
    result = withAdded(list, made, samePage);
    return result.list;
  });
  const outcome = result as ReturnType<typeof withAdded> | null;
  if (outcome?.tooMany) throw new ApiError({ kind: 'validation', message: t('watchTooMany', { max: (await readWatchesView()).max }) });
  const addedUrls = new Set(outcome?.added.map((watch) => watch.url) ?? []);
  const madePrivate = pages.filter((page) => page.privacy === 2 && addedUrls.has(page.url)).length;
  return { view: await changed(), added: addedUrls.size, madePrivate };
}

export async function changeWatch({ id, paused, every, hour }: RequestOf<'changeWatch'>): Promise<WatchesView> {
  await watches.update((list) =>
    list.map((watch) =>
      watch.id !== id
        ? watch
        : {
            ...watch,
            ...(paused !== undefined ? { paused } : {}),
            ...(every !== undefined ? { every } : {}),
            ...(hour !== undefined ? { hour } : {}),
            // Resumed or rescheduled: the next slot from now, not one missed while paused or under the old schedule.
            ...((paused === false && watch.paused) || every !== undefined || hour !== undefined
              ? { lastCheckAt: Math.max(watch.lastCheckAt ?? 0, Date.now()) }
              : {}),
          },
    ),
  );
  return changed();
}

export async function removeWatch(id: string): Promise<WatchesView> {
  await watches.update((list) => list.filter((watch) => watch.id !== id));
  return changed();
}

/** "Check now": whatever its schedule, paused or not. */
export async function checkWatchNow(id: string): Promise<WatchesView> {
  const watch = (await watches.read()).find((w) => w.id === id);
  if (!watch) throw new ApiError({ kind: 'validation', message: t('watchGone') });
  await startChecks([watch], Date.now());
  return readWatchesView();
}

export async function watchFor(url: string) {
  const view = await readWatchesView();
  return view.watches.find((watch) => samePage(watch.url, url)) ?? null;
}

export async function saveWatchSettings({ scoreDrop, webhook }: RequestOf<'saveWatchSettings'>): Promise<WatchesView> {
  await watchSettings.update((settings) => ({
    ...settings,
    ...(scoreDrop !== undefined ? { scoreDrop } : {}),
    ...(webhook !== undefined ? { webhook } : {}),
  }));
  return changed();
}

const passingHigh = (report: AlertReport) =>
  Object.entries(report.checks ?? {})
    .filter(([, check]) => check.passed && check.importance === 'high')
    .map(([key]) => key)
    .slice(0, 200);

const baselineReport = (since: NonNullable<Watch['worseSince']>): AlertReport => ({
  id: since.reportId,
  score: since.score,
  checks: Object.fromEntries(since.passing.map((key) => [key, { passed: true, importance: 'high' as const }])),
});

/** Sends the webhook a test alert naming no real page. */
export async function testWebhook(): Promise<{ ok: true } | { ok: false; message: string }> {
  const { webhook } = await watchSettings.read();
  if (!webhook) return { ok: false, message: t('watchWebhookNone') };
  const failure = await sendToWebhook(
    webhook,
    webhookBody(webhook.kind, { page: 'example.com', verdict: 'test', score: null, previousScore: null, changes: [] }),
  );
  return failure === null ? { ok: true } : { ok: false, message: failure };
}

/** Reads the new report with its checks and the one before it, and tells what the rules say. */
async function judge(watch: Watch, made: ListedReport): Promise<void> {
  let report: Report = made;
  let previous: Report | null = null;
  try {
    const { api } = await connectedApi({}, watch.service);
    const { reports } = await reportsOfAddress(api, made.url);
    report = reports.find((r) => r.id === made.id) ?? made;
    previous = previousOf(report, reports);
  } catch (error) {
    if (!isApiError(error)) throw error;
  }
  const settings = await watchSettings.read();
  const limits = await limitsForAlert(report);
  const verdict = alertVerdict(previous, report, settings, limits.broken, {
    accepted: limits.accepted,
    worseSince: watch.worseSince ? baselineReport(watch.worseSince) : null,
  });
  const now = Date.now();
  const worseSince =
    verdict.kind === 'recovered'
      ? null
      : verdict.kind === 'worse' && !watch.worseSince && previous
        ? { reportId: previous.id, score: previous.score, passing: passingHigh(previous) }
        : watch.worseSince;
  const last = { reportId: report.id, score: report.score, delta: scoreDelta(report.score, previous?.score ?? null), verdict: verdict.kind, at: now };
  await watches.update((list) => list.map((w) => (w.id === watch.id ? { ...w, last, worseSince, lastError: null } : w)));
  announce('watches');
  const webhookError = await tellVerdict(verdict, { watch, report, previous });
  if (webhookError !== undefined) {
    await watches.update((list) => list.map((w) => (w.id === watch.id ? { ...w, webhookError } : w)));
    announce('watches');
  }
}

async function settled(run: Run, _claim: Claim, outcome: Outcome): Promise<void> {
  if (!run.watch) return;
  const watch = (await watches.read()).find((w) => w.id === run.watch);
  if (!watch) return;
  if (outcome.kind === 'done' && outcome.report) return judge(watch, outcome.report);
  if (outcome.kind !== 'failed' && outcome.kind !== 'stop') return;
  const error: ApiErrorData = outcome.kind === 'failed' ? outcome.error : { kind: 'not-connected', message: outcome.reason };
  await watches.update((list) => list.map((w) => (w.id === watch.id ? { ...w, lastError: error } : w)));
  if (error.kind === 'quota-exceeded') {
    let tell = false;
    await watchSettings.update((settings) => {
      const next = afterQuotaRefused(settings, Date.now());
      tell = next.tell;
      return next.settings;
    });
    if (tell) await tellQuotaPause((await watchSettings.read()).quotaPausedUntil ?? Date.now());
    await scheduleWork();
  }
  announce('watches');
}

/** Call once, synchronously, when the worker starts. */
export function registerWatches(): void {
  wakeAlso({
    next: async () => nextWatchWake(await watches.read(), await watchSettings.read(), Date.now()),
    wake: () => void checkDue(),
  });
  onItemSettled((run, claim, outcome) => void settled(run, claim, outcome).catch(() => undefined));
  // A worker started after the browser was closed past a slot checks once its start is over, not at the next alarm.
  afterStart(() => checkDue().then(scheduleWork));
}
