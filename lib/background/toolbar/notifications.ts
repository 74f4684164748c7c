import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import type { NotificationAction, NotificationContent } from '@/lib/background/toolbar/notification-content';

/**
 * Browser notifications for reports started outside the popup (right-click,
 * keyboard). What a click does is kept in session storage, not in memory: the
 * browser may stop the service worker while the notification is still on
 * screen, and the worker that wakes up for the click must still know.
 */

const actionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), url: z.string().regex(/^https?:\/\//) }),
  z.object({ kind: z.literal('options') }),
]);

const actionsItem = storage.defineItem<Record<string, unknown>>('session:notificationActions', { fallback: {}, version: 1 });

/** Notifications pile up in the system tray; the oldest click targets are dropped past this many. */
const MAX_REMEMBERED = 20;

/** The icon the notification shows; Chrome refuses a basic notification without one. */
const NOTIFICATION_ICON = '/notification-icon.png';

async function rememberAction(id: string, action: NotificationAction): Promise<void> {
  const entries = Object.entries(await actionsItem.getValue()).slice(-(MAX_REMEMBERED - 1));
  await actionsItem.setValue({ ...Object.fromEntries(entries), [id]: action });
}

async function takeAction(id: string): Promise<NotificationAction | null> {
  const { [id]: stored, ...rest } = await actionsItem.getValue();
  if (stored === undefined) return null;
  await actionsItem.setValue(rest);
  const parsed = actionSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/** Shows a notification and remembers what a click on it does. Answers its id. */
export async function showNotification(content: NotificationContent): Promise<string> {
  const id = `report-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
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
  if (action.kind === 'open') await browser.tabs.create({ url: action.url });
  else await browser.runtime.openOptionsPage();
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
