import { lazy, z } from '@/lib/zod';
import type { Account, DeleteResult, ReportPage } from '@/lib/api';
import { API_ERROR_KINDS, type ApiErrorData } from '@/lib/api/errors';
import { reportShape } from '@/lib/api/schemas';
import type { CheckSummary } from '@/lib/shared/check-summary';
import { ADDRESS_LIST_MAX } from '@/lib/shared/address-list';
import { PER_PAGE_OPTIONS, RESULT_FILTERS, SORT_DIRECTIONS, SORT_KEYS } from '@/lib/shared/list-options';
import { RESULT_LABELS } from '@/lib/shared/score';
import { PRIVACY_VALUES, type Privacy } from '@/lib/shared/privacy';
import { LIMIT_CATEGORIES } from '@/lib/shared/check-categories';
import type { AcceptedFinding, LimitsVerdict, SiteLimits } from '@/lib/shared/site-limits';
import { AGENCY_NAME_MAX, LOGO_DATA_URL, LOGO_DATA_URL_MAX, type Agency } from '@/lib/shared/agency';
import { TRACKER_ADDRESS_MAX, type IssueTracker } from '@/lib/shared/issue-tracker';
import { SERVICE_ID_MAX, SERVICE_NAME_MAX, SERVICES_MAX } from '@/lib/shared/service-bounds';
import { SETTINGS_FILE_MAX_BYTES } from '@/lib/shared/settings-file';
import { MAX_PAGE_ADDRESS } from '@/lib/shared/page-address';

/**
 * The whole protocol between the extension's pages and its background, and
 * the shapes it carries. Each message takes one object; its zod schema is the
 * check the background runs on arrival. The shapes that are also stored
 * (jobs, the popup's cached pages, the reports manager's list query) are declared
 * here once and read back through the same schemas by lib/storage.ts. Pages
 * import this file with `import type` only, so zod never enters their bundles.
 */

export const privacy = lazy(() => z.literal(PRIVACY_VALUES));
const password = lazy(() => z.string().check(z.minLength(1), z.maxLength(128)));
const reportId = lazy(() => z.int().check(z.positive()));
const pageUrl = lazy(() => z.string().check(z.minLength(1), z.maxLength(MAX_PAGE_ADDRESS)));
/** One scheme of one site, as "Show on page" asks for it: `http://host/*` or `https://host/*`. */
const sitePattern = lazy(() => z.string().check(z.maxLength(300), z.regex(/^https?:\/\/[^/*]+\/\*$/)));

/** A site's origin, as the sitemap planner reads it: `https://example.com`, a port allowed, no path. */
const siteOrigin = lazy(() => z.string().check(z.maxLength(300), z.regex(/^https?:\/\/[^/?#@\s]+$/)));

export const preferencesSchema = lazy(() => z.object({ defaultPrivacy: privacy, badgeEnabled: z.boolean() }));
export type Preferences = z.infer<typeof preferencesSchema>;

/** What the pages may know about the settings: never the key itself. */
export const settingsViewSchema = lazy(() =>
  z.object({
    baseUrl: z.nullable(z.string()),
    keySet: z.boolean(),
    /** The last four characters, so the user can tell which key is stored. */
    keyHint: z.nullable(z.string()),
    /** Whether the browser still lets the extension reach the service (users can revoke it at any time). */
    permissionGranted: z.boolean(),
    /** The key is forgotten when the browser closes (kept in session storage only). */
    keyForSessionOnly: z.boolean(),
    preferences: preferencesSchema,
    /** What the organisation's policy sets (absent without one): each field shows "Set by your organisation". */
    managed: z.optional(
      z.object({
        serviceAddress: z.boolean(),
        serviceName: z.nullable(z.string()),
        addressLocked: z.boolean(),
        defaultPrivacy: z.boolean(),
        /** Values of the policy ignored as unusable, by name. */
        ignored: z.array(z.string()),
      }),
    ),
    /**
     * With several services, in the popup's page state only: their names (the default first), the one this
     * window's popup reports to, and `named`, that one when it is not the default: what messages and links name.
     */
    popupServices: z.optional(
      z.object({
        list: z
          .array(z.object({ id: z.string().check(z.maxLength(SERVICE_ID_MAX)), name: z.string().check(z.maxLength(SERVICE_NAME_MAX)) }))
          .check(z.maxLength(SERVICES_MAX)),
        chosen: z.string().check(z.maxLength(SERVICE_ID_MAX)),
        named: z.optional(z.string().check(z.maxLength(SERVICE_ID_MAX))),
      }),
    ),
  }),
);
export type SettingsView = z.infer<typeof settingsViewSchema>;

/** A service's id, as messages, runs and watches name it. */
export const serviceId = lazy(() => z.string().check(z.minLength(1), z.maxLength(SERVICE_ID_MAX)));

/** One named service as kept and as pages see it: never its key. */
export const serviceSchema = lazy(() =>
  z.object({
    id: serviceId,
    name: z.string().check(z.minLength(1), z.maxLength(SERVICE_NAME_MAX)),
    baseUrl: z.string().check(z.minLength(1)),
    /** Its key is forgotten when the browser closes (kept in session storage only). */
    keyForSessionOnly: z.boolean(),
  }),
);
export type Service = z.infer<typeof serviceSchema>;

/** An error as it travels and is kept: the plain data of an ApiError. */
export const apiErrorDataSchema = lazy(
  () =>
    z.object({
      kind: z.enum(API_ERROR_KINDS),
      message: z.string(),
      detail: z.optional(z.string()),
      status: z.optional(z.number()),
      fields: z.optional(z.record(z.string(), z.array(z.string()))),
      retryAfterSeconds: z.optional(z.number()),
    }) satisfies z.ZodMiniType<ApiErrorData>,
);

const count = lazy(() => z.int().check(z.nonnegative()));

/** A report's checks counted, for the popup: computed in the background, so the checks themselves stay there. */
export const checkSummarySchema = lazy(
  () =>
    z.object({
      total: count,
      failed: z.object({ high: count, medium: count, low: count }),
      topFailures: z.array(z.object({ key: z.string(), name: z.string() })).check(z.maxLength(3)),
      change: z.nullable(z.object({ previousId: z.int(), scoreDelta: z.nullable(z.number()), fixed: count, broken: count })),
    }) satisfies z.ZodMiniType<CheckSummary>,
);

/** A report as the popup's lists show it: the checks stay in the background, a summary of them travels. */
export const listedReportShape = lazy(() => z.extend(reportShape, { checks: z.null(), summary: z._default(z.nullable(checkSummarySchema), null) }));
export type ListedReport = z.infer<typeof listedReportShape>;

/** A report being made for a page, or just made: owned by the background, shown by the popup. `service`: the id of the service it is made on. */
export const jobSchema = lazy(() =>
  z.discriminatedUnion('state', [
    z.object({
      url: z.string(),
      state: z.literal('running'),
      startedAt: z.number(),
      privacy,
      notify: z.optional(z.boolean()),
      service: z.optional(serviceId),
    }),
    z.object({ url: z.string(), state: z.literal('done'), startedAt: z.number(), report: listedReportShape, service: z.optional(serviceId) }),
    z.object({ url: z.string(), state: z.literal('failed'), startedAt: z.number(), error: apiErrorDataSchema, service: z.optional(serviceId) }),
  ]),
);
export type Job = z.infer<typeof jobSchema>;

/**
 * A report asked for while the service could not be reached, waiting to be
 * made when it is back, as the popup and the options show it: one per address.
 * The background keeps it as a run of one create (`runSchema`, `queued`); versions
 * before kept this shape in local storage, read once and moved. Never a password:
 * a password-protected request stays in the popup, as no password is ever stored.
 */
export const queuedReportSchema = lazy(() =>
  z.object({
    url: z.string(),
    privacy: z.union([z.literal(0), z.literal(1)]),
    queuedAt: z.number(),
    /** When a create for it was first sent: a report of the page made since may be the one it asked for. */
    firstSentAt: z.number(),
    /** When the last create was sent; null once the service is known not to have received it. */
    lastSentAt: z.nullable(z.number()),
    attempts: z.int().check(z.minimum(0)),
    nextTryAt: z.number(),
    lastError: z.nullable(apiErrorDataSchema),
    /** The service it waits for: named only in the options page's queue, when there are two or more. */
    service: z.optional(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type QueuedReport = z.infer<typeof queuedReportSchema>;

/** One report of an address on the score chart. */
export const historyPointSchema = lazy(() =>
  z.object({
    id: z.int(),
    score: z.nullable(z.number()),
    label: z.nullable(z.enum(RESULT_LABELS)),
    generatedAt: z.nullable(z.string()),
  }),
);
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** What the report view shows: the report with its checks, and the reports of the same address around it. */
export const reportViewSchema = lazy(() =>
  z.object({
    report: reportShape,
    /** The report on the service's own site. */
    webUrl: z.string(),
    /** The address's last reports (at most 25), oldest first, this one among them. */
    history: z.array(historyPointSchema).check(z.maxLength(25)),
    /** The report made just before this one of the same address, with whether each check passed then. */
    previous: z.nullable(z.extend(historyPointSchema, { outcomes: z.record(z.string(), z.boolean()) })),
    /** Why the other reports of the address could not be read; the report itself still shows. */
    historyError: z.nullable(apiErrorDataSchema),
  }),
);
export type ReportView = z.infer<typeof reportViewSchema>;

/** A report view kept so that opening the report again draws at once (lib/storage.ts `reportViews`). */
export const cachedReportViewSchema = lazy(() =>
  z.object({ id: z.int(), generatedAt: z.nullable(z.string()), view: reportViewSchema, at: z.number() }),
);
export type CachedReportView = z.infer<typeof cachedReportViewSchema>;

/** What the popup last showed for a page, so the next popup on it draws at once. Never holds the key. */
export const cachedPageSchema = lazy(() =>
  z.object({
    url: z.string(),
    settings: settingsViewSchema,
    reports: z.array(listedReportShape),
    /** When the background kept it (ms since epoch). */
    at: z.number(),
  }),
);
export type CachedPage = z.infer<typeof cachedPageSchema>;

/** The reports manager's list: the list parameters the service offers, plus the page. */
export const listQuerySchema = lazy(() =>
  z.object({
    /** Text looked for in the stored addresses; empty for none. */
    search: z.string().check(z.maxLength(2048)),
    /** Exact project (host) to show; empty for every project. */
    project: z.string().check(z.maxLength(255)),
    result: z.enum(RESULT_FILTERS),
    sortBy: z.enum(SORT_KEYS),
    sort: z.enum(SORT_DIRECTIONS),
    perPage: z.literal(PER_PAGE_OPTIONS),
    page: z.int().check(z.minimum(1), z.maximum(1_000_000)),
  }),
);
export type ListQuery = z.infer<typeof listQuerySchema>;
/** The manager's search, filters and sort without its paging: what "every matching report" and the CSV export read. */
export const listFiltersSchema = lazy(() => z.omit(listQuerySchema, { page: true, perPage: true }));
export type ListFilters = z.infer<typeof listFiltersSchema>;

/** What a run does to each of its items: make a report of an address, or delete, re-audit or change the privacy of a report. */
export const RUN_ACTIONS = ['create', 'delete', 'regenerate', 'privacy'] as const;
export type RunAction = (typeof RUN_ACTIONS)[number];

/** One address or report of a run. `sentAt`: when its request last left (a create of unknown fate is looked for, never sent again). */
export const runItemSchema = lazy(() =>
  z.object({
    /** The report acted on; none for a create until the service has made it. */
    reportId: z.optional(reportId),
    url: z.string().check(z.maxLength(2048)),
    state: z.enum(['pending', 'sending', 'done', 'failed']),
    sentAt: z.optional(z.number()),
    /** When a create for it was first sent: a report of the page made since, of the same privacy, may be the one it asked for. */
    firstSentAt: z.optional(z.number()),
    /** A delete that found the report already gone: what the user wanted, so done, but said. */
    alreadyGone: z.optional(z.boolean()),
    /** A create whose fate is unknown (the worker stopped while it was sent) is looked for, not sent, before this time. */
    checkAfter: z.optional(z.number()),
    /** Why it failed; on an item still pending, why it waits. */
    error: z.optional(apiErrorDataSchema),
  }),
);
export type RunItem = z.infer<typeof runItemSchema>;

/**
 * Many reports made or changed at once, owned by the background (lib/background/runs/): kept in
 * local storage item by item, so a closed page or a stopped worker loses nothing.
 */
export const runSchema = lazy(() =>
  z.object({
    id: z.string().check(z.maxLength(64)),
    action: z.enum(RUN_ACTIONS),
    /** The privacy a create makes, or a privacy change sets: never a password, which is never stored. */
    privacy: z.optional(z.union([z.literal(0), z.literal(1)])),
    createdAt: z.number(),
    state: z.enum(['running', 'stopped', 'finished']),
    /** Why a run stopped by itself (the connection is gone); null when the user stopped it. */
    stopReason: z.nullable(z.string()),
    /** The service asked to slow down (429) or could not be reached: nothing is sent before this time. */
    waitUntil: z.nullable(z.number()),
    waitReason: z.nullable(z.string()),
    /** Waits in a row, for the backoff when the service gives no Retry-After. */
    waits: z.int().check(z.nonnegative()),
    items: z.array(runItemSchema),
    /** Targets left out when the run started, as another running run was sending them already. */
    alreadyUnderWay: z.optional(z.int().check(z.nonnegative())),
    /**
     * A report asked for while the service was away: one create, tried again until the service is
     * back (up to 7 days), listed in the queue rather than among the runs, and gone once it ends.
     */
    queued: z.optional(z.literal(true)),
    /** The check of a watched page (its watch's id): one create, told to the watches, and gone once it ends. */
    watch: z.optional(z.string().check(z.maxLength(64))),
    /** The service its items go to, and only that one; runs kept by versions before named services go to the default. */
    service: z.optional(serviceId),
  }),
);
export type Run = z.infer<typeof runSchema>;

/** A run as the options page shows it: counts, not every item; the failed ones with their reasons. */
export interface RunView {
  id: string;
  action: RunAction;
  privacy: 0 | 1 | null;
  createdAt: number;
  state: Run['state'];
  stopReason: string | null;
  waitUntil: number | null;
  waitReason: string | null;
  total: number;
  done: number;
  alreadyGone: number;
  /** Left out at the start: another run was sending them already. */
  alreadyUnderWay: number;
  left: number;
  /** The addresses being worked on now. */
  current: string[];
  failed: { url: string; reason: string }[];
}

/** How often a watched page is checked. */
export const WATCH_EVERY = ['daily', 'weekly', 'monthly'] as const;
export type WatchEvery = (typeof WATCH_EVERY)[number];
/** The most pages one can watch: each is checked by a report of the month's quota. */
export const MAX_WATCHES = 200;
/** The webhooks a watch's alerts can go to, by the shape of body each takes. */
export const WEBHOOK_KINDS = ['slack', 'discord', 'ntfy', 'json'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

const watchVerdict = lazy(() => z.enum(['worse', 'recovered', 'steady']));

/** A watched page: checked by a new report on its schedule, its alerts told when it gets worse or recovers. */
export const watchSchema = lazy(() =>
  z.object({
    id: z.string().check(z.maxLength(64)),
    url: pageUrl,
    /** The privacy of its checks: its latest report's, private when that one had a password (never stored). */
    privacy: z.union([z.literal(0), z.literal(1)]),
    every: z.enum(WATCH_EVERY),
    /** The preferred hour, 0–23, in the time zone the watch was made in. */
    hour: z.int().check(z.minimum(0), z.maximum(23)),
    /** That time zone, in minutes east of UTC. */
    offsetMinutes: z.int().check(z.minimum(-840), z.maximum(840)),
    createdAt: z.number(),
    paused: z.boolean(),
    /** When its last check was started: its next one is the first slot after. */
    lastCheckAt: z.nullable(z.number()),
    /** The last check's report, its score and change, and what the rules said of it. */
    last: z.nullable(z.object({ reportId, score: z.nullable(z.number()), delta: z.nullable(z.number()), verdict: watchVerdict, at: z.number() })),
    /** The report before the page got worse, while it has not recovered: its score and the high-importance checks it passed. */
    worseSince: z.nullable(
      z.object({ reportId, score: z.nullable(z.number()), passing: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(200)) }),
    ),
    /** Why its last check failed. */
    lastError: z.nullable(apiErrorDataSchema),
    /** The last time the webhook could not be told, and why, until it is told again. */
    webhookError: z.nullable(z.object({ at: z.number(), message: z.string().check(z.maxLength(500)) })),
    /** The service its checks go to, and only that one; watches kept by versions before named services check on the default. */
    service: z.optional(serviceId),
  }),
);
export type Watch = z.infer<typeof watchSchema>;

/** Where a watch's alerts go besides the notification: a webhook the user added, of one origin they allowed. */
export const webhookSchema = lazy(() => z.object({ url: z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//)), kind: z.enum(WEBHOOK_KINDS) }));
export type Webhook = z.infer<typeof webhookSchema>;

/** The watches' settings and state as a whole. */
export const watchSettingsSchema = lazy(() =>
  z.object({
    /** The fewest points the score must fall by to alert. */
    scoreDrop: z.int().check(z.minimum(1), z.maximum(100)),
    webhook: z.nullable(webhookSchema),
    /** The service said the month's quota is used up: no check is sent before this time (the next month). */
    quotaPausedUntil: z.nullable(z.number()),
    /** When each of the last alerts was shown, for the digest. */
    alertTimes: z.array(z.number()).check(z.maxLength(50)),
  }),
);
export type WatchSettings = z.infer<typeof watchSettingsSchema>;

/** A watch as the options page lists it: when it is next checked (null when paused). */
export interface WatchView extends Watch {
  nextCheckAt: number | null;
  /** The name of the service its checks go to, when there are several. */
  serviceName?: string;
}

/** The watches section: every watch, the settings, and what they cost a month. */
export interface WatchesView {
  watches: WatchView[];
  scoreDrop: number;
  webhook: Webhook | null;
  quotaPausedUntil: number | null;
  /** Checks a month the watches not paused take, at most. */
  checksPerMonth: number;
  max: number;
}

/** The most pages (addresses) and failed checks of one page the site view keeps; reports beyond are read, not kept. */
export const SITE_MAX_PAGES = 20_000;
const siteProject = lazy(() => z.string().check(z.minLength(1), z.maxLength(255)));

/** One address of a site with its latest report, as the site view lists it: only what the view needs of the report. */
export const sitePageSchema = lazy(() =>
  z.object({
    url: z.string().check(z.maxLength(4096)),
    id: reportId,
    score: z.nullable(z.number()),
    label: z.nullable(z.enum(RESULT_LABELS)),
    generatedAt: z.nullable(z.string()),
    privacy,
    /** Reports of this address older than the latest. */
    older: count,
    /** The keys of the checks the latest report failed, in the report's order. */
    failed: z.array(z.string().check(z.maxLength(200))).check(z.maxLength(200)),
  }),
);
export type SitePage = z.infer<typeof sitePageSchema>;

/** A check failed by the latest report of at least one page: how many pages, and its importance there. */
export const siteFailingSchema = lazy(() =>
  z.object({
    key: z.string().check(z.maxLength(200)),
    importance: z.enum(['high', 'medium', 'low']),
    pages: count,
    impact: count,
  }),
);
export type SiteFailing = z.infer<typeof siteFailingSchema>;

/** The average of the pages' latest scores at the end of each day or week, oldest first. */
export const siteTrendSchema = lazy(() =>
  z.object({
    unit: z.enum(['day', 'week']),
    points: z.array(z.object({ start: z.string().check(z.maxLength(40)), average: z.number(), pages: count })).check(z.maxLength(600)),
  }),
);
export type SiteTrend = z.infer<typeof siteTrendSchema>;

/**
 * Every report of a project read and summed up (lib/background/site-summary.ts), as the site view
 * shows it; drawn while it is read, page by page. Kept for the browser session.
 */
export const siteSummarySchema = lazy(() =>
  z.object({
    project: siteProject,
    phase: z.enum(['reading', 'done', 'cancelled', 'failed']),
    /** Grows with every list page folded in, so a page can tell a newer summary from the one it drew. */
    revision: count,
    startedAt: z.number(),
    updatedAt: z.number(),
    reportsRead: count,
    /** As the service's list counts them; null until its first page. */
    reportsTotal: z.nullable(count),
    /** Reports the service sent in a shape the extension cannot read. */
    unreadable: count,
    /** The service asked to slow down (429): the next page is asked for at this time. */
    waitUntil: z.nullable(z.number()),
    error: z.nullable(apiErrorDataSchema),
    /** Reading stopped at the extension's bounds (reports or pages): the rest is left out. */
    truncated: z.boolean(),
    pages: z.array(sitePageSchema).check(z.maxLength(SITE_MAX_PAGES)),
    /** Ordered by impact: importance weight × pages, most first. */
    failing: z.array(siteFailingSchema).check(z.maxLength(1000)),
    trend: siteTrendSchema,
    distribution: z.object({ good: count, decent: count, bad: count, none: count }),
    /** The average of the pages' latest scores; null when none has one. */
    average: z.nullable(z.number()),
  }),
);
export type SiteSummary = z.infer<typeof siteSummarySchema>;

/** The most sites with limits, checks named by one site's limits, and accepted findings kept. */
export const LIMITS_MAX_SITES = 200;
export const LIMITS_MAX_CHECKS = 100;
export const ACCEPTED_MAX = 1000;
export const ACCEPTED_REASON_MAX = 300;
const checkKey = lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));

/** What every report of a site must keep (lib/shared/site-limits.ts reads it). */
export const siteLimitsSchema = lazy(
  () =>
    z.object({
      minScore: z.nullable(z.int().check(z.minimum(0), z.maximum(100))),
      noHighFailed: z.boolean(),
      categories: z.array(z.enum(LIMIT_CATEGORIES)).check(z.maxLength(LIMIT_CATEGORIES.length)),
      checks: z.array(checkKey).check(z.maxLength(LIMITS_MAX_CHECKS)),
    }) satisfies z.ZodMiniType<SiteLimits>,
);

/** A failed check accepted for a page or a whole site, with a reason and an optional last day. */
export const acceptedFindingSchema = lazy(
  () =>
    z.object({
      id: z.string().check(z.minLength(1), z.maxLength(64)),
      project: siteProject,
      check: checkKey,
      address: z.nullable(z.string().check(z.minLength(1), z.maxLength(2048))),
      reason: z.string().check(z.minLength(1), z.maxLength(ACCEPTED_REASON_MAX)),
      until: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
      createdAt: z.number(),
    }) satisfies z.ZodMiniType<AcceptedFinding>,
);

/** Every site's limits and every accepted finding, as kept and as the pages read them. */
export const siteLimitsStateSchema = lazy(() =>
  z.object({
    limits: z.record(siteProject, siteLimitsSchema),
    accepted: z.array(acceptedFindingSchema).check(z.maxLength(ACCEPTED_MAX)),
  }),
);
export type SiteLimitsState = z.infer<typeof siteLimitsStateSchema>;

/** Which reports a bulk action is for: chosen one by one (across pages), or every report the manager's filters match. */
const runTargets = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('reports'),
      reports: z.array(z.object({ id: reportId, url: z.string().check(z.maxLength(2048)) })).check(z.minLength(1), z.maxLength(100_000)),
    }),
    z.object({ kind: z.literal('matching'), filters: listFiltersSchema }),
  ]),
);

/** The agency named on reports handed over: its logo a bounded data address of a PNG, JPEG or SVG image. */
export const agencySchema = lazy(
  () =>
    z.object({
      name: z.string().check(z.maxLength(AGENCY_NAME_MAX)),
      logo: z.nullable(z.string().check(z.maxLength(LOGO_DATA_URL_MAX), z.regex(LOGO_DATA_URL))),
    }) satisfies z.ZodMiniType<Agency>,
);

/** Where a site's findings go: a GitHub or GitLab repository's https address, or Jira's CSV import. */
export const issueTrackerSchema = lazy(
  () =>
    z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('github'),
        repo: z.string().check(z.maxLength(TRACKER_ADDRESS_MAX), z.regex(/^https:\/\/github\.com\/[^/?#]+\/[^/?#]+$/)),
      }),
      z.object({
        kind: z.literal('gitlab'),
        repo: z.string().check(z.maxLength(TRACKER_ADDRESS_MAX), z.regex(/^https:\/\/[^/?#@]+(?:\/[^/?#]+){2,}$/)),
      }),
      z.object({ kind: z.literal('jira') }),
    ]) satisfies z.ZodMiniType<IssueTracker>,
);

/** What reports handed over need: the agency, and each site's (project's) tracker. */
export interface Handover {
  agency: Agency;
  trackers: Record<string, IssueTracker>;
}

export const requests = {
  getSettings: lazy(() => z.object({})),
  /** Normalise, check the permission, prove the connection with the account, then keep it. */
  saveConnection: lazy(() =>
    z.object({
      baseUrl: z.string().check(z.maxLength(2048)),
      apiKey: z.optional(z.string().check(z.maxLength(512))),
      keyForSessionOnly: z.optional(z.boolean()),
    }),
  ),
  forgetKey: lazy(() => z.object({})),
  /** Where the key is kept: until the browser closes only, or until the user forgets it. */
  saveKeyLifetime: lazy(() => z.object({ sessionOnly: z.boolean() })),
  savePreferences: lazy(() => z.partial(preferencesSchema)),
  getAccount: lazy(() => z.object({})),
  /** The privacy chosen in the popup for a page, kept until a report is made (null forgets it). */
  savePrivacyDraft: lazy(() => z.object({ url: pageUrl, privacy: z.nullable(privacy) })),
  /** Everything the popup shows for one page: the job in progress or just ended, and the reports already made. */
  /**
   * `windowId`: read as that window's popup reads it, on the service chosen there. With `beside`, as its panel beside the
   * page reads it: on the service of the page that last opened the panel there, if any (`openedBeside`).
   */
  getPageState: lazy(() => z.object({ url: pageUrl, windowId: z.optional(z.int()), beside: z.optional(z.literal(true)) })),
  /** Starts (or joins) the report of a page; answers when the service has finished the audit. */
  createReport: lazy(() => z.object({ url: pageUrl, privacy, password: z.optional(password) })),
  /** Keeps a report the service could not take now, to make when it is back (no password: privacy 0 or 1). */
  queueReport: lazy(() =>
    z.object({ url: pageUrl, privacy: z.union([z.literal(0), z.literal(1)]), sentAt: z.number(), offline: z.optional(z.boolean()) }),
  ),
  /** The popup cancels its service's queued report; the options page's queue, which names no service, every one of the address. */
  cancelQueued: lazy(() => z.object({ url: pageUrl, everyService: z.optional(z.literal(true)) })),
  getQueue: lazy(() => z.object({})),
  /** Tries every queued report now, without waiting for its turn. */
  retryQueue: lazy(() => z.object({})),
  /** Answers when the report being created for this page is finished (at once if none is). */
  waitForJob: lazy(() => z.object({ url: pageUrl })),
  dismissJob: lazy(() => z.object({ url: pageUrl })),
  listReports: lazy(() =>
    z.object({
      search: z.optional(z.string().check(z.maxLength(2048))),
      project: z.optional(z.string().check(z.maxLength(255))),
      result: z.optional(z.enum(RESULT_LABELS)),
      sortBy: z.optional(z.enum(SORT_KEYS)),
      sort: z.optional(z.enum(SORT_DIRECTIONS)),
      perPage: z.optional(z.literal(PER_PAGE_OPTIONS)),
      page: z.optional(z.int().check(z.positive(), z.maximum(1_000_000))),
      /** Each report with its failed checks only (the rest left out), for the limits column. */
      failedChecks: z.optional(z.boolean()),
    }),
  ),
  updateReport: lazy(() =>
    z.object({ id: reportId, privacy: z.optional(privacy), password: z.optional(password), regenerate: z.optional(z.boolean()) }),
  ),
  deleteReport: lazy(() => z.object({ id: reportId })),
  /** The reports manager's kept list query (search, filters, sort, page size, page), read in the background so the options page stays free of zod. */
  getListQuery: lazy(() => z.object({})),
  saveListQuery: lazy(() => z.object({ query: listQuerySchema })),
  /** The report view as last kept, if its generation date is the one the opener knows: drawn while `getReport` asks the service. */
  getCachedReport: lazy(() => z.object({ id: reportId, generatedAt: z.optional(z.string().check(z.maxLength(64))) })),
  /**
   * One report with its checks, the history of its address and the report before it; kept for the next opening.
   * `url`: the report's address as the opener knew it, so that its history is read together with the report.
   */
  getReport: lazy(() => z.object({ id: reportId, url: z.optional(pageUrl) })),
  /** Deletes, re-audits or changes the privacy of many reports in the background; answers the run as started. */
  startBulkRun: lazy(() =>
    z.object({
      action: z.enum(['delete', 'regenerate', 'privacy']),
      privacy: z.optional(z.union([z.literal(0), z.literal(1)])),
      targets: runTargets,
    }),
  ),
  /** Makes a report of each address in the background (duplicates of one page are made once). */
  startCreateRun: lazy(() =>
    z.object({
      urls: z.array(pageUrl).check(z.minLength(1), z.maxLength(ADDRESS_LIST_MAX)),
      privacy: z.union([z.literal(0), z.literal(1)]),
    }),
  ),
  getRuns: lazy(() => z.object({})),
  stopRun: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  /** Sends the failed items of a run again (and what a stop left). */
  retryRun: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  dismissRun: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  /** Every report the manager's filters match, all pages, as CSV text. */
  exportReports: lazy(() => z.object({ filters: listFiltersSchema })),
  /** The month's quota and how many reports the service lists as made this month (deleted ones are not listed, yet counted by the service). */
  getQuota: lazy(() => z.object({})),
  /** Reports every tab of a window in the background, but pages that cannot be reported, duplicates and pages reported in the last 10 minutes. */
  reportTabs: lazy(() => z.object({ windowId: z.int() })),
  /** How many tabs of a window "Report all tabs" would report, and the button's words; null when the extension may not read the tabs' addresses. */
  planTabs: lazy(() => z.object({ windowId: z.int() })),
  /**
   * The site permissions a click on "Show on page" added (never those held before it): the
   * background keeps them for the sending report view's tab and gives them back when it goes.
   */
  holdSitePermission: lazy(() => z.object({ origins: z.array(sitePattern).check(z.minLength(1), z.maxLength(2)) })),
  /** The sending report view is done with the site permissions it holds: they go back now. */
  giveBackSitePermission: lazy(() => z.object({})),
  /** Reports of the same path on other hosts (staging and production), for "Compare with…". `url`: the stored address of the report shown. */
  findPathOnOtherHosts: lazy(() => z.object({ url: pageUrl })),
  /** The site view's summary of a project as it stands: being read, or kept from earlier in the session; null when there is none. */
  getSiteSummary: lazy(() => z.object({ project: siteProject })),
  /** Starts reading every report of a project (unless one is kept or being read; `refresh`: read again anyway); answers the summary as it starts. */
  startSiteSummary: lazy(() => z.object({ project: siteProject, refresh: z.optional(z.boolean()) })),
  /** Stops reading a project: what was read stays shown. */
  cancelSiteSummary: lazy(() => z.object({ project: siteProject })),
  /** The popup's one line about the page's site: the kept summary, else the first list page of its project. */
  getSiteGlance: lazy(() => z.object({ url: pageUrl })),
  /**
   * A site's addresses from its sitemaps, each with its latest report. `giveBack`: the click that
   * asked added the site's permission, so it goes back once the sitemaps are read.
   */
  readSitemap: lazy(() => z.object({ origin: siteOrigin, giveBack: z.boolean() })),
  /** Every site's limits and accepted findings. */
  getSiteLimits: lazy(() => z.object({})),
  /** Sets a site's limits; null removes them. */
  saveSiteLimits: lazy(() => z.object({ project: siteProject, limits: z.nullable(siteLimitsSchema) })),
  /** Accepts a failed check for a page (`address`, as the service stores it) or the whole site (null). */
  acceptFinding: lazy(() =>
    z.object({
      project: siteProject,
      check: checkKey,
      address: z.nullable(z.string().check(z.minLength(1), z.maxLength(2048))),
      reason: z.string().check(z.minLength(1), z.maxLength(ACCEPTED_REASON_MAX)),
      until: z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
    }),
  ),
  removeAccepted: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  /** The verdict on one report against its site's limits (the popup's line); null when its site has neither limits nor accepted findings. */
  getLimitsVerdict: lazy(() => z.object({ id: reportId })),
  /** The agency and the sites' issue trackers, for reports handed over. */
  getHandover: lazy(() => z.object({})),
  saveAgency: lazy(() => z.object({ agency: agencySchema })),
  /** Sets a site's issue tracker; null removes it. */
  saveTracker: lazy(() => z.object({ project: siteProject, tracker: z.nullable(issueTrackerSchema) })),
  /** Every watch, its settings and what it costs a month. */
  getWatches: lazy(() => z.object({})),
  /** Watches pages (each with its latest report's privacy when known); a page watched already keeps its watch. */
  addWatches: lazy(() =>
    z.object({
      pages: z.array(z.object({ url: pageUrl, privacy: z.optional(privacy) })).check(z.minLength(1), z.maxLength(MAX_WATCHES)),
      every: z.enum(WATCH_EVERY),
      hour: z.int().check(z.minimum(0), z.maximum(23)),
      offsetMinutes: z.int().check(z.minimum(-840), z.maximum(840)),
    }),
  ),
  /** Pauses or resumes a watch, or changes its schedule. */
  changeWatch: lazy(() =>
    z.object({
      id: z.string().check(z.maxLength(64)),
      paused: z.optional(z.boolean()),
      every: z.optional(z.enum(WATCH_EVERY)),
      hour: z.optional(z.int().check(z.minimum(0), z.maximum(23))),
    }),
  ),
  removeWatch: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  /** Checks a watched page now, whatever its schedule; answers once the check is started. */
  checkWatchNow: lazy(() => z.object({ id: z.string().check(z.maxLength(64)) })),
  /** The watch of a page, if it is watched. */
  getWatchFor: lazy(() => z.object({ url: pageUrl })),
  saveWatchSettings: lazy(() =>
    z.object({ scoreDrop: z.optional(z.int().check(z.minimum(1), z.maximum(100))), webhook: z.optional(z.nullable(webhookSchema)) }),
  ),
  /** Sends the webhook a test alert; answers whether it took it. */
  testWebhook: lazy(() => z.object({})),
  /** One report with its checks and its address on the service, for a file handed over (Jira's CSV of many reports); nothing else is read or kept. */
  getHandoverReport: lazy(() => z.object({ id: reportId })),
  /** The pages of every report the filters match, not watched yet: what "Watch these pages" adds for "all N matching". */
  matchingPagesToWatch: lazy(() => z.object({ filters: listFiltersSchema })),
  /** The named services, without their keys. */
  getServices: lazy(() => z.object({})),
  /**
   * Adds a service (no `id`) or changes one, proved with its account before it is kept. An empty key keeps
   * the saved one only for the same origin.
   */
  saveService: lazy(() =>
    z.object({
      id: z.optional(serviceId),
      name: z.string().check(z.maxLength(SERVICE_NAME_MAX)),
      baseUrl: z.string().check(z.maxLength(2048)),
      apiKey: z.optional(z.string().check(z.maxLength(512))),
      keyForSessionOnly: z.boolean(),
    }),
  ),
  /**
   * Removes a service and its key. Work still going to it (runs, queued reports, watches) is never dropped
   * unasked nor sent elsewhere: without `cancelWork` the answer says how much there is and nothing changes.
   */
  removeService: lazy(() => z.object({ id: serviceId, cancelWork: z.optional(z.boolean()) })),
  setDefaultService: lazy(() => z.object({ id: serviceId })),
  /** The service the popup of one window reports to, kept for that window until changed. */
  choosePopupService: lazy(() => z.object({ windowId: z.int(), service: serviceId })),
  /**
   * A page opened the panel beside the page in `windowId`: the panel there shows the service this message is for (none
   * named: the default) until that window's popup chooses one. A service not in the list leaves it on the popup's.
   */
  openedBeside: lazy(() => z.object({ windowId: z.int() })),
  /** The user's settings as one file's text; the keys only when asked. */
  exportSettings: lazy(() => z.object({ includeKeys: z.boolean() })),
  /** What importing a settings file would change, part by part; a file that cannot be read is refused with the reason. */
  previewImport: lazy(() => z.object({ text: z.string().check(z.maxLength(SETTINGS_FILE_MAX_BYTES)) })),
  /** Imports every valid part of a settings file that changes something. */
  applyImport: lazy(() => z.object({ text: z.string().check(z.maxLength(SETTINGS_FILE_MAX_BYTES)) })),
  /** Whether the preferences and services are kept in the browser account's sync (never a key), and how that went. */
  getSettingsSync: lazy(() => z.object({})),
  /**
   * Turns "Sync without secrets" on or off. On, with a copy already in sync and no `choice`, nothing
   * changes and the answer asks: use the synced settings, or replace them with this browser's.
   */
  setSettingsSync: lazy(() => z.object({ enabled: z.boolean(), choice: z.optional(z.enum(['useSynced', 'replaceSynced'])) })),
} as const;

export type MessageType = keyof typeof requests;
export type RequestOf<T extends MessageType> = z.input<(typeof requests)[T]>;
export type ParsedRequestOf<T extends MessageType> = z.output<(typeof requests)[T]>;

/** The tab the popup opened over (`found` false: no tab at all; no `url`: one it may not see). */
export interface PopupTab {
  found: boolean;
  id?: number;
  url?: string;
  windowId?: number | undefined;
}

export interface PageState {
  settings: SettingsView;
  job: Job | null;
  reports: ListedReport[];
  /** Set when the list could not be fetched; the popup still lets the user create a report. */
  reportsError: ApiErrorData | null;
  /** Waiting for the service to be back. */
  queued: QueuedReport | null;
}

export interface Responses {
  getSettings: SettingsView;
  saveConnection: { settings: SettingsView; account: Account };
  forgetKey: SettingsView;
  saveKeyLifetime: SettingsView;
  savePreferences: SettingsView;
  getAccount: Account;
  savePrivacyDraft: null;
  getPageState: PageState;
  queueReport: QueuedReport;
  cancelQueued: null;
  getQueue: QueuedReport[];
  retryQueue: QueuedReport[];
  createReport: ListedReport;
  waitForJob: Job | null;
  dismissJob: null;
  listReports: ReportPage;
  updateReport: z.infer<typeof reportShape>;
  deleteReport: DeleteResult;
  getListQuery: ListQuery;
  saveListQuery: ListQuery;
  getCachedReport: ReportView | null;
  getReport: ReportView;
  startBulkRun: RunView;
  startCreateRun: RunView;
  getRuns: RunView[];
  stopRun: RunView[];
  retryRun: RunView[];
  dismissRun: RunView[];
  exportReports: { csv: string; count: number };
  getQuota: { reportsPerMonth: number | 'unlimited' | null; madeThisMonth: number };
  /** `message`: what was started and what was left out, in words ready to show. */
  reportTabs: { run: RunView | null; skipped: TabsSkipped; message: string };
  planTabs: { reportable: number; label: string } | null;
  holdSitePermission: null;
  giveBackSitePermission: null;
  findPathOnOtherHosts: ComparableReport[];
  getSiteSummary: SiteSummary | null;
  startSiteSummary: SiteSummary;
  cancelSiteSummary: SiteSummary | null;
  getSiteGlance: SiteGlance | null;
  readSitemap: SitemapPlanData;
  getSiteLimits: SiteLimitsState;
  saveSiteLimits: SiteLimitsState;
  acceptFinding: SiteLimitsState;
  removeAccepted: SiteLimitsState;
  getLimitsVerdict: LimitsVerdict | null;
  getHandover: Handover;
  saveAgency: Handover;
  saveTracker: Handover;
  getWatches: WatchesView;
  /** `added`: new watches; `madePrivate`: of those, pages whose latest report had a password, watched as private. */
  addWatches: { view: WatchesView; added: number; madePrivate: number };
  changeWatch: WatchesView;
  removeWatch: WatchesView;
  checkWatchNow: WatchesView;
  getWatchFor: WatchView | null;
  saveWatchSettings: WatchesView;
  testWebhook: { ok: true } | { ok: false; message: string };
  getHandoverReport: Pick<ReportView, 'report' | 'webUrl'>;
  matchingPagesToWatch: MatchingPagesToWatch;
  getServices: ServicesView;
  saveService: { view: ServicesView; account: Account };
  /** `workLeft`: the runs, queued reports and watches still going to it, when the service was kept for the user to choose. */
  removeService: { view: ServicesView; removed: boolean; workLeft: number };
  setDefaultService: ServicesView;
  choosePopupService: null;
  openedBeside: null;
  exportSettings: { fileName: string; text: string };
  previewImport: SettingsImportPreview;
  applyImport: SettingsImportResult;
  getSettingsSync: SettingsSyncView;
  setSettingsSync: SettingsSyncView;
}

/** "Sync without secrets" as the options page shows it. */
export interface SettingsSyncView {
  enabled: boolean;
  /** When this browser last wrote its copy, and when another browser's copy was last merged here (ms since 1970). */
  writtenAt: number | null;
  readAt: number | null;
  /** Services left out of the copy: it would have passed the browser's 8 KB per item. */
  trimmed: number;
  /** A copy in sync that could not be used (ignored), one written by a newer version, or a write the browser refused. */
  problem: 'bad-copy' | 'newer-copy' | 'write-failed' | null;
  /** The services without a key in this browser, by name: each needs its key typed here. */
  keysNeeded: string[];
  /** Turning sync on found a copy there: when it was written and how many services it has. */
  choice?: { writtenAt: number; services: number } | undefined;
}

/** One part of a settings file (services, preferences, watches …) and what importing it would do, in words. */
export interface SettingsPartPreview {
  part: string;
  title: string;
  /** `same`: already as in the file; `invalid`: left out, the line says where it is wrong. */
  state: 'changes' | 'same' | 'invalid';
  lines: string[];
}

export interface SettingsImportPreview {
  parts: SettingsPartPreview[];
  /** The file holds API keys. */
  withKeys: boolean;
  /** Parts that would change something. */
  applicable: number;
  /** The services' addresses the extension may not reach yet: the click that applies asks for them. */
  serviceAddresses: string[];
}

export interface SettingsImportResult {
  /** The parts written. */
  applied: string[];
}

/** The pages "Watch these pages" would add for "all N matching", or that they pass the most watches there may be. */
export interface MatchingPagesToWatch {
  /** Each page not watched yet, once, with its latest report's privacy. */
  pages: { url: string; privacy: Privacy }[];
  /** More pages not watched yet match than the watches have room for: then `pages` is empty. */
  tooMany: boolean;
  /** Watches there are already, and the most there may be. */
  watched: number;
  max: number;
}

/** The named services as pages show them: never a key, only whether one is saved and its last four characters. */
export interface ServicesView {
  services: (Service & { keySet: boolean; keyHint: string | null })[];
  defaultId: string | null;
  /** The most services kept. */
  max: number;
}

/** A report "Compare with…" offers: its address, score and date, never its checks. */
export interface ComparableReport extends HistoryPoint {
  url: string;
}

/** The popup's line about the page's site. `complete` false: the site has more reports than one list page, so `pages` counts only those read. */
export interface SiteGlance {
  project: string;
  pages: number;
  average: number | null;
  reports: number;
  complete: boolean;
}

/** Why a sitemap, or part of one, was not read: each bound reached or file refused. */
export interface SitemapNote {
  kind:
    | 'none'
    | 'status'
    | 'unreachable'
    | 'unreadable'
    | 'too-large'
    | 'too-slow'
    | 'too-many-files'
    | 'too-many-addresses'
    | 'too-deep'
    | 'declaration'
    | 'not-sitemap';
  /** The file it is about. */
  url?: string;
  /** Its HTTP status, for `status`. */
  status?: number;
}

/** One address of a site's sitemaps, with when the service last reported it. */
export interface SitemapPage {
  url: string;
  lastReportAt: string | null;
}

/** What the sitemap planner starts from. */
export interface SitemapPlanData {
  origin: string;
  /** The service's project for the site: its host without `www.`. */
  project: string;
  pages: SitemapPage[];
  /** Addresses and sitemaps on other sites, left out. */
  otherSites: number;
  /** Sitemap files read. */
  files: number;
  notes: SitemapNote[];
  /** Why the site's reports could not be read: every page then shows as not reported. */
  reportsError: ApiErrorData | null;
  /** The most pages one run reports (`startCreateRun`). */
  maxPerRun: number;
}

/** What a report of every tab left out, by reason. */
export interface TabsSkipped {
  unsupported: number;
  duplicates: number;
  recent: number;
  /** Already sent or to be sent by a run under way. */
  underWay: number;
}

export type ResponseOf<T extends MessageType> = Responses[T];

/** `service`: the id of the service a message that reaches one is for; absent, the default service. */
export const envelope = lazy(() =>
  z.object({ type: z.enum(Object.keys(requests) as [MessageType, ...MessageType[]]), payload: z.unknown(), service: z.optional(serviceId) }),
);

export type Reply<T> = { ok: true; value: T } | { ok: false; error: ApiErrorData };

/**
 * The one message the background sends the pages: something they show
 * changed (a setting, in another window, in the background itself or in the
 * browser's permission settings; or the queue of reports waiting for the
 * service; or a site summary being read), so an open page reads it again.
 */
export type StateChange =
  | 'connection'
  | 'preferences'
  | 'permission'
  | 'queue'
  | 'runs'
  | 'site'
  | 'limits'
  | 'watches'
  | 'settingsSync'
  /** Another service chosen in a window's popup, or for its panel beside the page. */
  | 'popupService';
export interface StateChangedMessage {
  type: 'stateChanged';
  change: StateChange;
}
