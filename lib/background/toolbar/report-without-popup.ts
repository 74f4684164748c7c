import { asApiError } from '@/lib/api/errors';
import { connectedApi } from '@/lib/background/connection';
import { startReport } from '@/lib/background/report-jobs';
import { checkReportable } from '@/lib/shared/page-address';
import type { Privacy } from '@/lib/shared/score';
import { readPreferences } from '@/lib/storage';
import {
  failureNotification,
  showNotification,
  successNotification,
  unreportableNotification,
  type NotificationContent,
} from '@/lib/background/toolbar/notifications';

/**
 * Reporting a page from the right-click menu or a keyboard shortcut: there is
 * no popup to show the outcome, so it arrives as a notification. The job
 * itself is the same one the popup uses, so a popup opened on that page later
 * shows it too.
 */

/** A password cannot be asked for from a menu or a shortcut, so a password default becomes private. */
function toolbarPrivacy(defaultPrivacy: Privacy): Privacy {
  return defaultPrivacy === 2 ? 1 : defaultPrivacy;
}

async function outcome(address: string | undefined): Promise<NotificationContent> {
  const reportable = checkReportable(address);
  if (!reportable.ok) return unreportableNotification(reportable.reason);
  try {
    const connection = await connectedApi();
    const { defaultPrivacy } = await readPreferences();
    const report = await startReport(connection, { url: reportable.url, privacy: toolbarPrivacy(defaultPrivacy) });
    return successNotification(report);
  } catch (error) {
    return failureNotification(asApiError(error, 'The report could not be created. Try again.').toJSON(), reportable.url);
  }
}

/** Reports a page and tells the outcome in a notification. Answers the notification's id. */
export async function reportWithoutPopup(address: string | undefined): Promise<string> {
  return showNotification(await outcome(address));
}
