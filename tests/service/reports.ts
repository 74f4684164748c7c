import { setTimeout as sleep } from 'node:timers/promises';
import { auditPage, type AuditOutcome } from './audit.ts';
import { fieldErrors, notFound, type ApiCall, type Reply, type ServiceState } from './context.ts';
import { PageFetchError } from './fetch-page.ts';
import { presentReport, quotaOf } from './present.ts';
import { hashPassword, type ReportRecord } from './store.ts';
import { nowTime } from './time.ts';
import { projectOf, stripUrl } from './url.ts';
import { validateCreate, validateUpdate } from './validate.ts';

const unauthorized: Reply = { status: 403, json: { message: 'This action is unauthorized.' } };
const tooManyReports = fieldErrors({ url: ['You created too many reports.'] });

export function showReport(call: ApiCall): Reply {
  const report = ownReport(call);
  return report ? { status: 200, json: { data: presentReport(report), status: 200 } } : notFound;
}

export async function createReport(call: ApiCall): Promise<Reply> {
  const checked = validateCreate(call.input);
  if (!checked.ok) return fieldErrors(checked.errors);
  if (overQuota(call)) return tooManyReports;
  const audit = await auditLive(call.state, checked.value.url);
  if (!('results' in audit)) return audit;
  // Checked again: other creates may have finished while this page was being fetched.
  if (overQuota(call)) return tooManyReports;
  const now = nowTime();
  const { privacy, password } = checked.value;
  const [report] = call.state.store.insertReports(
    [
      {
        accountId: call.account.id,
        ...auditFields(audit, now),
        privacy,
        passwordHash: password === null ? null : hashPassword(password),
        createdAt: now,
        updatedAt: now,
      },
    ],
    true,
  );
  return { status: 201, json: { data: presentReport(report as ReportRecord), status: 200 } };
}

export async function updateReport(call: ApiCall): Promise<Reply> {
  const report = ownReport(call);
  if (!report) return unauthorized;
  const checked = validateUpdate(call.input, report.passwordHash !== null, report.privacy);
  if (!checked.ok) return fieldErrors(checked.errors);
  const { privacy, password, regenerate } = checked.value;
  const now = nowTime();
  let fresh: Partial<ReportRecord> = {};
  if (regenerate) {
    const audit = await auditLive(call.state, report.fetchUrl);
    if (!('results' in audit)) return audit;
    fresh = auditFields(audit, now);
  }
  // Looked up again: the report may have been deleted during a slow audit.
  const current = ownReport(call);
  if (!current) return unauthorized;
  const updated = call.state.store.updateReport(current, {
    ...fresh,
    ...(privacy === undefined ? {} : { privacy }),
    ...(password === undefined ? {} : { passwordHash: password === null ? null : hashPassword(password) }),
    updatedAt: now,
  });
  return { status: 200, json: { data: presentReport(updated), status: 200 } };
}

export function deleteReport(call: ApiCall): Reply {
  const report = ownReport(call);
  if (!report) return notFound;
  call.state.store.deleteReport(report);
  return { status: 200, json: { id: report.id, object: 'report', deleted: true, status: 200 } };
}

function ownReport(call: ApiCall): ReportRecord | undefined {
  if (!call.id || !/^\d{1,15}$/.test(call.id)) return undefined;
  return call.state.store.ownReport(call.account.id, Number(call.id));
}

function overQuota(call: ApiCall): boolean {
  const quota = quotaOf(call.account, call.state.settings.reportsPerMonth);
  return quota >= 0 && call.state.store.createdInMonth(call.account.id, nowTime()) >= quota;
}

/** The live fetch and the checks, after the configured latency; a failed fetch is a 422 on url. */
async function auditLive(state: ServiceState, address: string): Promise<AuditOutcome | Reply> {
  const { latencyMs, fetchTimeoutMs, extraCaCerts, variant, errorKeys } = state.settings;
  if (latencyMs > 0) await sleep(latencyMs, undefined, { signal: state.closing });
  try {
    return await auditPage(address, { timeoutMs: fetchTimeoutMs, extraCaCerts }, { version: variant, errorKeys });
  } catch (error) {
    if (error instanceof PageFetchError) return fieldErrors({ url: [error.message] });
    throw error;
  }
}

function auditFields(audit: AuditOutcome, now: string) {
  return {
    url: stripUrl(audit.finalUrl),
    project: projectOf(audit.finalUrl),
    fetchUrl: audit.finalUrl,
    result: audit.result,
    results: audit.results,
    generatedAt: now,
  };
}
