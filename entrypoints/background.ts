import { createHandlers } from '@/lib/background/handlers';
import { applyDemoConnection } from '@/lib/background/demo-connection';
import { registerPageCache } from '@/lib/background/popup-cache';
import { registerMessageRouter } from '@/lib/background/router';
import { registerBadge } from '@/lib/background/toolbar/badge';
import { registerContextMenu } from '@/lib/background/toolbar/context-menu';
import { registerNotifications } from '@/lib/background/toolbar/notifications';
import { registerShortcuts } from '@/lib/background/toolbar/shortcuts';

export default defineBackground(() => {
  registerMessageRouter(createHandlers());
  registerPageCache();
  // Listeners must be added in the worker's first turn, or the browser will not wake it for them.
  registerNotifications();
  registerContextMenu();
  registerShortcuts();
  registerBadge();
  void applyDemoConnection();
});
