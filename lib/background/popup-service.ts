import { ApiError } from '@/lib/api/errors';
import { announce } from '@/lib/background/connection';
import type { SettingsView } from '@/lib/protocol';
import { t } from '@/lib/shared/i18n';
import { besideServiceByWindow, popupServiceByWindow, readServiceList } from '@/lib/storage';

/**
 * The service each window's popup reports to: the default until the user picks another in that
 * window's popup, then that one until changed (kept in session storage, so for the browser's life).
 * The panel beside the page follows its window's popup, except after a page on another service
 * (a report view) opened it: then it shows that service until the popup chooses one.
 */

/** The most windows whose choice is kept: the oldest choices go first. */
export const WINDOW_CHOICES_MAX = 50;

/** `choices` with the one of `windowId` set to `service` (undefined: none), the latest windows' only. */
function withChoice(choices: Record<string, string>, windowId: number, service: string | undefined): Record<string, string> {
  const others = Object.entries(choices).filter(([key]) => key !== String(windowId));
  return Object.fromEntries((service === undefined ? others : [...others, [String(windowId), service]]).slice(-WINDOW_CHOICES_MAX));
}

/** Keeps `service` for the popup of `windowId`; a service that is not in the list is refused. */
export async function choosePopupService(windowId: number, service: string): Promise<null> {
  const { services } = await readServiceList();
  if (!services.some((entry) => entry.id === service)) throw new ApiError({ kind: 'extension', message: t('errorServiceGone') });
  await Promise.all([
    popupServiceByWindow.update((choices) => withChoice(choices, windowId, service)),
    // The panel beside the page in that window follows its popup again, whichever page opened it.
    besideServiceByWindow.update((kept) => withChoice(kept, windowId, undefined)),
  ]);
  // The panel beside the page reads again.
  announce('popupService');
  return null;
}

/**
 * The last change of a panel's service a page or the menu asked for. A panel just opened asks for its page state while
 * that change may still be written: its read waits for it (the change is asked, synchronously, before the panel opens).
 */
let besideChange: Promise<unknown> = Promise.resolve();

/** Keeps `service` for the panel beside the page in `windowId` (undefined: it follows the popup), and tells the panel if that changed. */
function keepBesideService(windowId: number, service: () => Promise<string | undefined>): Promise<void> {
  const change = (async () => {
    const kept = await service();
    let changed = false;
    await besideServiceByWindow.update((all) => {
      changed = all[String(windowId)] !== kept;
      return changed ? withChoice(all, windowId, kept) : all;
    });
    if (changed) announce('popupService');
  })();
  besideChange = change.catch(() => undefined);
  return change;
}

/**
 * A page on `named` (undefined: the default) opened the panel beside the page in `windowId`: the panel there shows that
 * service, kept only where it is not the one the window's popup reports to. A service not in the list leaves the panel
 * on the popup's, as does one the popup reports to.
 */
export async function openedBeside(windowId: number, named: string | undefined): Promise<null> {
  await keepBesideService(windowId, async () => {
    const [{ services, defaultId }, choices] = await Promise.all([readServiceList(), popupServiceByWindow.read()]);
    const known = (id: string | undefined) => (services.some((entry) => entry.id === id) ? id : undefined);
    const asked = named === undefined ? (defaultId ?? undefined) : known(named);
    const popups = known(choices[String(windowId)]) ?? defaultId ?? undefined;
    return asked === popups ? undefined : asked;
  });
  return null;
}

/** The panel beside the page in `windowId` follows that window's popup again: opened where no page names a service (the menu, the keyboard). */
export function followPopupBeside(windowId: number): Promise<void> {
  return keepBesideService(windowId, () => Promise.resolve(undefined));
}

/** The popup's view of the services, with `chosen` the one its page state is read from. */
export function popupServicesView(view: NonNullable<SettingsView['popupServices']>, chosen: string): SettingsView['popupServices'] {
  return { ...view, chosen, ...(chosen !== view.list[0]?.id ? { named: chosen } : {}) };
}

/**
 * The service the popup of `windowId` reports to (undefined: the default), and, with several
 * services, their names (the default first) and that choice for the popup's header. A chosen
 * service since removed counts as no choice. `beside`: for the panel beside the page in that
 * window, the service kept for it (`openedBeside`) before the popup's.
 */
export async function popupServiceOf(
  windowId: number | undefined,
  beside = false,
): Promise<{ service: string | undefined; view: SettingsView['popupServices'] }> {
  const [{ services, defaultId }, choices, besides] = await Promise.all([
    readServiceList(),
    popupServiceByWindow.read(),
    beside ? besideChange.then(() => besideServiceByWindow.read()) : undefined,
  ]);
  const known = (id: string | undefined) => (services.some((entry) => entry.id === id) ? id : undefined);
  const key = windowId === undefined ? undefined : String(windowId);
  const service = key === undefined ? undefined : (known(besides?.[key]) ?? known(choices[key]));
  const chosen = service ?? defaultId;
  if (services.length < 2 || !chosen) return { service, view: undefined };
  const list = services.map(({ id, name }) => ({ id, name }));
  return { service, view: { list: [...list.filter((s) => s.id === defaultId), ...list.filter((s) => s.id !== defaultId)], chosen } };
}
