import { applyDemoConnection, registerChangeAnnouncer } from '@/lib/background/connection';
import { createHandlers } from '@/lib/background/handlers';
import { registerPopupCache } from '@/lib/background/popup-cache';
import { registerReportCache } from '@/lib/background/report-cache';
import { registerMessageRouter } from '@/lib/background/router';
import { registerBadge } from '@/lib/background/toolbar/badge';
import { registerContextMenu } from '@/lib/background/toolbar/context-menu';
import { registerNotifications } from '@/lib/background/toolbar/notifications';
import { registerReportsWithoutPopup } from '@/lib/background/toolbar/report-without-popup';
import { registerShortcuts } from '@/lib/background/toolbar/shortcuts';
import { registerSitePermissionReturn } from '@/lib/background/site-permissions-held';
import { registerRuns } from '@/lib/background/runs/run-engine';
import { registerSiteSummaries } from '@/lib/background/site-summary';
import { registerQueuedCreates } from '@/lib/background/runs/queued-creates';
import { registerRunNotices } from '@/lib/background/runs/run-notices';
import { registerWatches } from '@/lib/background/watches/watch-checks';
import { registerSettingsSync } from '@/lib/background/settings-sync/settings-sync';
import { closeStorageToPageWorlds } from '@/lib/storage';
import { startOverIn } from '@/lib/background/start-work';

export default defineBackground(() => {
  // Before anything is read or written: no page world may read the key or the settings.
  closeStorageToPageWorlds();
  // Listeners must be added in the worker's first turn, or the browser will not wake it for them.
  registerMessageRouter(createHandlers());
  registerPopupCache();
  registerReportCache();
  registerChangeAnnouncer();
  registerNotifications();
  registerRuns();
  registerQueuedCreates();
  registerRunNotices();
  registerWatches();
  registerReportsWithoutPopup();
  registerContextMenu();
  registerShortcuts();
  registerBadge();
  registerSitePermissionReturn();
  registerSiteSummaries();
  registerSettingsSync();
  void applyDemoConnection();
  // What each part owes the start (runs resumed, menus, badges) waits until the page that woke the worker is answered.
  startOverIn();
});
