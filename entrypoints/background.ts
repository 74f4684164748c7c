import { createHandlers } from '@/lib/background/handlers';
import { applyDemoConnection } from '@/lib/background/demo-connection';
import { registerPageCache } from '@/lib/background/page-cache';
import { registerMessageRouter } from '@/lib/background/router';
import { registerBadge } from '@/lib/features/badge';
import { registerContextMenu } from '@/lib/features/context-menu';
import { registerNotifications } from '@/lib/features/notifications';
import { registerShortcuts } from '@/lib/features/shortcuts';

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
