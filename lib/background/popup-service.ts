import { ApiError } from '@/lib/api/errors';
import { announce } from '@/lib/background/connection';
import type { SettingsView } from '@/lib/protocol';
import { t } from '@/lib/shared/i18n';
import { popupServiceByWindow, readServiceList } from '@/lib/storage';

/**
 * The service each window's popup reports to: the default until the user picks another in that
 * window's popup, then that one until changed (kept in session storage, so for the browser's life).
 */

/** The most windows whose choice is kept: the oldest choices go first. */
export const WINDOW_CHOICES_MAX = 50;

/** Keeps `service` for the popup of `windowId`; a service that is not in the list is refused. */
export async function choosePopupService(windowId: number, service: string): Promise<null> {
  const { services } = await readServiceList();
  if (!services.some((entry) => entry.id === service)) throw new ApiError({ kind: 'extension', message: t('errorServiceGone') });
  await popupServiceByWindow.update((choices) => {
    const others = Object.entries(choices).filter(([key]) => key !== String(windowId));
    return Object.fromEntries([...others, [String(windowId), service]].slice(-WINDOW_CHOICES_MAX));
  });
  // The panel beside the page follows its window's popup.
  announce('popupService');
  return null;
}

/** The popup's view of the services, with `chosen` the one its page state is read from. */
export function popupServicesView(view: NonNullable<SettingsView['popupServices']>, chosen: string): SettingsView['popupServices'] {
  return { ...view, chosen, ...(chosen !== view.list[0]?.id ? { named: chosen } : {}) };
}

/**
 * The service the popup of `windowId` reports to (undefined: the default), and, with several
 * services, their names (the default first) and that choice for the popup's header. A chosen
 * service since removed counts as no choice.
 */
export async function popupServiceOf(windowId: number | undefined): Promise<{ service: string | undefined; view: SettingsView['popupServices'] }> {
  const [{ services, defaultId }, choices] = await Promise.all([readServiceList(), popupServiceByWindow.read()]);
  const picked = windowId === undefined ? undefined : choices[String(windowId)];
  const service = services.some((entry) => entry.id === picked) ? picked : undefined;
  const chosen = service ?? defaultId;
  if (services.length < 2 || !chosen) return { service, view: undefined };
  const list = services.map(({ id, name }) => ({ id, name }));
  return { service, view: { list: [...list.filter((s) => s.id === defaultId), ...list.filter((s) => s.id !== defaultId)], chosen } };
}
