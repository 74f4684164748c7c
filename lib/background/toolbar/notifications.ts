import { browser } from 'wxt/browser';
import type { Report } from '@/lib/api';
import type { ApiErrorData, ApiErrorKind } from '@/lib/api/errors';
import { storedAddress } from '@/lib/shared/page-address';
import { reportViewPath } from '@/lib/shared/report-view-address';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';
import { notificationActions, readDefaultServiceId, type NotificationAction } from '@/lib/storage';
import { t } from '@/lib/shared/i18n';

/**
 * Browser notifications for reports made outside the popup (right-click,
 * keyboard): what one says and what clicking it does, worded by pure
 * functions so the wording can be tested as a table, then shown.
 */

export interface NotificationContent {
  title: string;
  message: string;
  action: NotificationAction | null;
}

/** Failures whose fix is in the options: the connection, the key, the permission. */
const FIXED_IN_OPTIONS: readonly ApiErrorKind[] = [
  'not-connected',
  'permission-missing',
  'unauthorized',
  'forbidden',
  'not-the-api',
  'too-large',
  'invalid-address',
  'insecure-address',
];

function shortAddress(url: string): string {
  try {
    return storedAddress(url);
  } catch {
    return url;
  }
}

/** "Score 87 – Good · example.com": what the service thinks of the page, at a glance; a click opens the report view. */
export function successNotification(report: Report, service?: string | null): NotificationContent {
  const parts = [
    report.score !== null ? t('scoreValue', { score: report.score }) : null,
    report.label ? RESULT_LABEL_TEXT[report.label] : null,
  ].filter((part): part is string => part !== null);
  const verdict = parts.length > 0 ? parts.join(' – ') : t('notifyReady');
  return {
    title: t('notifyCreated'),
    message: `${verdict} · ${report.url}`,
    action: { kind: 'report', id: report.id, ...(service ? { service } : {}) },
  };
}

/** The reason as the client words it, and the options page when that is where the fix is. */
export function failureNotification(error: ApiErrorData, pageUrl: string | null): NotificationContent {
  const inOptions = FIXED_IN_OPTIONS.includes(error.kind);
  return {
    title: pageUrl ? t('notifyCouldNotReport', { page: shortAddress(pageUrl) }) : t('notifyCouldNotCreate'),
    message: inOptions ? `${error.message}\n${t('notifyOpenOptions')}` : error.message,
    action: inOptions ? { kind: 'options' } : null,
  };
}

/** The service was away: the report waits in the queue, which the options page lists. */
export function queuedNotification(pageUrl: string): NotificationContent {
  return {
    title: t('notifyWillReportLater', { page: shortAddress(pageUrl) }),
    message: t('notifyQueued'),
    action: { kind: 'options' },
  };
}

/** A page the service cannot reach (the browser's own pages, files, store pages). */
export function unreportableNotification(reason: string): NotificationContent {
  return { title: t('notifyUnreportable'), message: reason, action: null };
}

// What a click does is kept in session storage, not in memory: the browser may stop the
// service worker while the notification is still on screen, and the worker that wakes up
// for the click must still know.

/** Notifications pile up in the system tray; the oldest click targets are dropped past this many. */
const MAX_REMEMBERED = 20;

/** The icon the notification shows; Chrome refuses a basic notification without one. */
const NOTIFICATION_ICON = '/notification-icon.png';

async function rememberAction(id: string, action: NotificationAction): Promise<void> {
  await notificationActions.update((actions) => ({ ...Object.fromEntries(Object.entries(actions).slice(-(MAX_REMEMBERED - 1))), [id]: action }));
}

async function takeAction(id: string): Promise<NotificationAction | null> {
  let taken: NotificationAction | null = null;
  await notificationActions.update(({ [id]: action, ...rest }) => {
    taken = action ?? null;
    return rest;
  });
  return taken;
}

/** Shows a notification and remembers what a click on it does. Answers its id. `replacing`: the id of one shown again in place. */
export async function showNotification(content: NotificationContent, replacing?: string): Promise<string> {
  const id = replacing ?? `report-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  if (content.action) await rememberAction(id, content.action);
  await browser.notifications.create(id, {
    type: 'basic',
    iconUrl: browser.runtime.getURL(NOTIFICATION_ICON),
    title: content.title,
    message: content.message,
  });
  return id;
}

async function runAction(action: NotificationAction): Promise<void> {
  if (action.kind === 'report') {
    // The view names the report's service unless it is the default.
    const service = action.service && action.service !== (await readDefaultServiceId()) ? action.service : undefined;
    await browser.tabs.create({
      url: new URL(reportViewPath({ id: action.id, section: action.section, service }), browser.runtime.getURL('/')).href,
    });
  } else await browser.runtime.openOptionsPage();
}

/** Listens for clicks on the extension's notifications. Call once, synchronously, when the worker starts. */
export function registerNotifications(): void {
  browser.notifications.onClicked.addListener((id) => {
    void (async () => {
      const action = await takeAction(id);
      if (action) await runAction(action);
      await browser.notifications.clear(id);
    })();
  });
  browser.notifications.onClosed.addListener((id) => void takeAction(id));
}
