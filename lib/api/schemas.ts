import { t } from '@/lib/shared/i18n';
import { lazy, z } from '@/lib/zod';
import { RESULT_LABELS } from '@/lib/shared/score';
import { PRIVACY_VALUES } from '@/lib/shared/privacy';
import { asObject } from '@/lib/api/classify';
import type { CheckOutcome } from '@/lib/shared/check-summary';
import { ApiError } from '@/lib/api/errors';
import {
  checkOutcomesField,
  checksField,
  countField,
  dateField,
  hasPasswordField,
  idField,
  privacyField,
  reportCheckShape,
  resultField,
  wholeNumberField,
} from '@/lib/api/fields';

export type { ReportCheck } from '@/lib/api/fields';

/*
 * The service's answers, read at the border: every variant listed for the
 * deployed versions is accepted, unknown fields are dropped, and a missing
 * field the extension cannot do without is an 'invalid-response' naming it.
 */

/** A report as the extension keeps it: the service's answer, read by `reportBody` below, comes out in this shape. */
export const reportShape = lazy(() =>
  z.object({
    id: z.int(),
    /** As the service stores it: scheme and `www.` stripped, e.g. `example.com/blog?p=1`. */
    url: z.string(),
    /** The host the report is grouped under, e.g. `example.com`. */
    project: z.nullable(z.string()),
    /** 0–100; null when the service sent none or only a word. */
    score: z.nullable(z.number()),
    label: z.nullable(z.enum(RESULT_LABELS)),
    privacy: z.literal(PRIVACY_VALUES),
    hasPassword: z.boolean(),
    generatedAt: z.nullable(z.string()),
    createdAt: z.nullable(z.string()),
    updatedAt: z.nullable(z.string()),
    checks: z.nullable(z.record(z.string(), reportCheckShape)),
  }),
);
export type Report = z.infer<typeof reportShape>;

/** A report whose checks were read as `C`: `Report` is the one with their findings. */
export type ReportWith<C> = Omit<Report, 'checks'> & { checks: C };

/** A report with its checks' outcomes only (passed, importance): what its summary and a comparison count. */
export type ReportOutcomes = ReportWith<Record<string, CheckOutcome> | null>;

export interface ReportPage<R = Report> {
  reports: R[];
  /** Reports of this page the service sent in a shape the extension cannot read: left out, and counted here. */
  unreadable: number;
  /** The service's clock when it answered (ms since epoch, from its Date header), to read its own dates against; null when not told. */
  serviceTime: number | null;
  page: number;
  lastPage: number;
  perPage: number;
  total: number;
  from: number | null;
  to: number | null;
}

export interface Account {
  id: number;
  name: string;
  email: string;
  planName: string | null;
  /** Reports the plan allows each calendar month: a number, 'unlimited' (the service sends -1), or null when not told. */
  reportsPerMonth: number | 'unlimited' | null;
}

export interface DeleteResult {
  id: number;
  deleted: boolean;
}

/** A name or an address shown in the options: a service sending a megabyte of it gets the first 200 characters shown. */
const shortText = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** The host part of a stored url, which is what the service groups reports by. */
function projectOf(url: string): string | null {
  const host = url
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .split(/[/?#]/)[0];
  return host ? host.toLowerCase() : null;
}

/** A report as the service sends it, its checks read with `results` (or left unread: `uncheckedResults`). */
function reportAnswerOf<C>(results: z.ZodMiniType<C>) {
  return z.pipe(
    z.object({
      id: idField,
      // The service accepts addresses of up to 2048 characters; anything longer is not one of its reports.
      url: z.string().check(z.minLength(1), z.maxLength(4096)),
      project: z.catch(z.nullish(z.string().check(z.maxLength(255))), null),
      result: resultField,
      results,
      privacy: privacyField,
      password: hasPasswordField,
      generated_at: dateField,
      created_at: dateField,
      updated_at: dateField,
    }),
    z.transform((r): ReportWith<C> => ({
      id: r.id,
      url: r.url,
      project: r.project || projectOf(r.url),
      score: r.result.score,
      label: r.result.label,
      privacy: r.privacy,
      hasPassword: r.password,
      generatedAt: r.generated_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      checks: r.results,
    })),
  );
}

/** Where a list shows no checks (the options' table), the hundred reports' checks are not read at all: most of a list's size. */
const uncheckedResults = lazy(() =>
  z.pipe(
    z.optional(z.unknown()),
    z.transform((): null => null),
  ),
);

const reportAnswer = lazy(() => reportAnswerOf(checksField));

export const reportBody = lazy(() =>
  z.pipe(
    z.object({ data: reportAnswer }),
    z.transform((b) => b.data),
  ),
);

const pageMeta = lazy(() =>
  z.object({
    current_page: idField,
    last_page: countField,
    per_page: idField,
    total: countField,
    from: z.catch(z.nullish(countField), null),
    to: z.catch(z.nullish(countField), null),
  }),
);

/** A page of the list, each report read with `report`. */
function reportPageOf<R>(report: z.ZodMiniType<R>) {
  return z.pipe(
    z.pipe(
      // A version that returns the framework's bare paginator puts the page fields beside `data`.
      z.transform((body: unknown) => {
        const page = asObject(body);
        return page && page.meta === undefined && 'current_page' in page ? { ...page, meta: page } : body;
      }),
      z.object({ data: z.array(z.unknown()).check(z.maxLength(1000)), meta: z.optional(pageMeta) }),
    ),
    z.transform((b): Omit<ReportPage<R>, 'serviceTime'> => {
      // One report the extension cannot read costs only itself: the rest of the page still shows.
      const reports = b.data.flatMap((item) => {
        const parsed = report.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      });
      const count = reports.length;
      const meta = b.meta ?? { current_page: 1, last_page: 1, per_page: count, total: count, from: count ? 1 : null, to: count || null };
      return {
        reports,
        unreadable: b.data.length - reports.length,
        page: meta.current_page,
        lastPage: Math.max(meta.last_page, 1),
        perPage: meta.per_page,
        total: meta.total,
        from: meta.from ?? null,
        to: meta.to ?? null,
      };
    }),
  );
}

export const reportPageBody = lazy(() => reportPageOf(reportAnswer));
/** The list with each report's checks left unread (`checks: null`), for a screen that shows none. */
export const reportPageWithoutChecksBody = lazy(() => reportPageOf(reportAnswerOf(uncheckedResults)));
/** The list with each report's checks read as outcomes only, for summaries: their findings are most of its size. */
export const reportPageOutcomesBody = lazy(() => reportPageOf(reportAnswerOf(checkOutcomesField)));

export const accountBody = lazy(() =>
  z.pipe(
    z.object({
      data: z.object({
        id: idField,
        name: z.pipe(z.string(), z.transform(shortText)),
        email: z.pipe(z.string(), z.transform(shortText)),
        plan: z.catch(
          z.nullish(
            z.object({
              name: z.catch(z.nullish(z.string()), null),
              features: z.catch(z.nullish(z.object({ reports: z.catch(z.nullish(wholeNumberField), null) })), null),
            }),
          ),
          null,
        ),
      }),
    }),
    z.transform(({ data }): Account => {
      const quota = data.plan?.features?.reports ?? null;
      return {
        id: data.id,
        name: data.name,
        email: data.email,
        planName: data.plan?.name ?? null,
        reportsPerMonth: quota === -1 ? 'unlimited' : quota !== null && quota >= 0 ? quota : null,
      };
    }),
  ),
);

/**
 * `{"id":123,"object":"report","deleted":true,"status":200}`, or nothing at all (versions that send no body).
 * Only that is a delete done: `deleted: false`, another id, or any other body (an error put in a 200) is not.
 */
export function deleteBody(requestedId: number) {
  return z.pipe(
    z.union([z.object({ id: z.optional(idField), deleted: z.literal(true) }), z.null()]).check(
      z.refine((b) => b === null || b.id === undefined || b.id === requestedId, {
        message: `the service confirmed another report than ${requestedId}`,
      }),
    ),
    z.transform((): DeleteResult => ({ id: requestedId, deleted: true })),
  );
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : `${out ? '.' : ''}${String(key)}`;
  return out || '(body)';
}

/** Reads a body with a schema, or throws 'invalid-response' whose detail names the fields at fault. */
export function readBody<T>(schema: z.ZodMiniType<T>, body: unknown, what: string): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, 5).map((i) => `${formatPath(i.path)}: ${i.message}`);
  throw new ApiError({
    kind: 'invalid-response',
    message: t('errorUnknownShape'),
    detail: `${what}: ${issues.join('; ')}`,
  });
}
