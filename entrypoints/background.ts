import { applyDemoConnection, registerSettingsAnnouncer } from '@/lib/background/connection';
import { createHandlers } from '@/lib/background/handlers';
import { registerPopupCache } from '@/lib/background/popup-cache';
import { registerReportCache } from '@/lib/background/report-cache';
import { registerMessageRouter } from '@/lib/background/router';
import { registerBadge } from '@/lib/background/toolbar/badge';
import { registerContextMenu } from '@/lib/background/toolbar/context-menu';
import { registerNotifications } from '@/lib/background/toolbar/notifications';
import { registerShortcuts } from '@/lib/background/toolbar/shortcuts';

export default defineBackground(() => {
  // Listeners must be added in the worker's first turn, or the browser will not wake it for them.
  registerMessageRouter(createHandlers());
  registerPopupCache();
  registerReportCache();
  registerSettingsAnnouncer();
  registerNotifications();
  registerContextMenu();
  registerShortcuts();
  registerBadge();
  void applyDemoConnection();
});
