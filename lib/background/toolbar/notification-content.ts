import type { Report } from '@/lib/api';
import { reportWebUrl } from '@/lib/api/address';
import type { ApiErrorData, ApiErrorKind } from '@/lib/api/errors';
import { storedAddress } from '@/lib/shared/page-address';
import { RESULT_LABEL_TEXT } from '@/lib/shared/score';

/**
 * What a notification about a report says, and what clicking it does. Kept
 * apart from the browser calls so the wording can be tested as a table.
 */

/** What a click on a notification does; kept in session storage, so plain data. */
export type NotificationAction = { kind: 'open'; url: string } | { kind: 'options' };

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

/** "Score 87 – Good · example.com": what the service thinks of the page, at a glance. */
export function successNotification(report: Report, baseUrl: string): NotificationContent {
  const parts = [
    report.score !== null ? `Score ${report.score}` : null,
    report.label ? RESULT_LABEL_TEXT[report.label] : null,
  ].filter((part): part is string => part !== null);
  const verdict = parts.length > 0 ? parts.join(' – ') : 'Report ready';
  return {
    title: 'Report created',
    message: `${verdict} · ${report.url}`,
    action: { kind: 'open', url: reportWebUrl(baseUrl, report.id) },
  };
}

/** The reason as the client words it, and the options page when that is where the fix is. */
export function failureNotification(error: ApiErrorData, pageUrl: string | null): NotificationContent {
  const inOptions = FIXED_IN_OPTIONS.includes(error.kind);
  return {
    title: pageUrl ? `Could not report ${shortAddress(pageUrl)}` : 'Could not create the report',
    message: inOptions ? `${error.message}\nClick here to open the options.` : error.message,
    action: inOptions ? { kind: 'options' } : null,
  };
}

/** A page the service cannot reach (the browser's own pages, files, store pages). */
export function unreportableNotification(reason: string): NotificationContent {
  return { title: "This page can't be reported", message: reason, action: null };
}
