import type { PopupState } from '@/lib/popup/popup-state';
import { popupNeed } from '@/lib/popup/popup-state';
import type { Privacy } from '@/lib/shared/privacy';
import { lazyComponent } from '@/lib/pages/lazy-component';

/**
 * What the popup draws only in some states, loaded when first needed, so that opening it
 * loads the code of the usual first frame only (the address, the form, the page's reports).
 * The popup's view waits for them (`useLoadedFirst` with `screensFor`): a state and its
 * screen land in the same frame.
 */
export const NeedsConnection = lazyComponent(() => import('@/components/popup/NeedsSetup').then((m) => m.NeedsConnection));
export const NeedsPermission = lazyComponent(() => import('@/components/popup/NeedsSetup').then((m) => m.NeedsPermission));
export const QueuedNotice = lazyComponent(() => import('@/components/popup/QueuedNotice').then((m) => m.QueuedNotice));
export const JobProgress = lazyComponent(() => import('@/components/popup/JobProgress').then((m) => m.JobProgress));
export const JobResult = lazyComponent(() => import('@/components/popup/JobResult').then((m) => m.JobResult));
export const PasswordField = lazyComponent(() => import('@/components/popup/PasswordField').then((m) => m.PasswordField));
/** What the popup offers beyond reporting the page: it appears once loaded, after the first frame and the page's state (`holdLaterParts`). */
export const PageActions = lazyComponent(() => import('@/components/popup/PageActions').then((m) => m.PageActions));
/** The "This site" line: asked once the popup is ready, and drawn once its code is in. */
export const SiteGlanceLine = lazyComponent(() => import('@/components/popup/SiteGlanceLine').then((m) => m.SiteGlanceLine));
/** The header's service switch, with several services: it appears once loaded. */
export const ServiceSwitch = lazyComponent(() => import('@/components/popup/ServiceSwitch').then((m) => m.ServiceSwitch));
export const FailureNotice = lazyComponent(() => import('@/components/popup/FailureNotice').then((m) => m.FailureNotice));
/** The live region: a report started, done, failed or queued. Loaded once the popup is ready, after its first frame and the page's state. */
export const PopupAnnouncer = lazyComponent(() => import('@/components/popup/PopupAnnouncer').then((m) => m.PopupAnnouncer));

/** The lazy screens the popup draws for `state` with `privacy` chosen. */
export function screensFor(state: PopupState, privacy: Privacy) {
  const settings = state.phase === 'ready' || state.phase === 'unsupported' ? state.settings : null;
  const need = settings ? popupNeed(settings) : null;
  const screens = [];
  if (need === 'connect') screens.push(NeedsConnection);
  if (need === 'permission') screens.push(NeedsPermission);
  if (state.phase !== 'ready' || need) return screens;
  if (state.queued) screens.push(QueuedNotice);
  if (state.job?.state === 'running') screens.push(JobProgress);
  if (state.job?.state === 'done') screens.push(JobResult);
  if (state.job?.state === 'failed') screens.push(FailureNotice);
  if (privacy === 2 && state.job?.state !== 'running' && state.job?.state !== 'done') screens.push(PasswordField);
  return screens;
}
