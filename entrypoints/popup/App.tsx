import { useMemo, useRef } from 'preact/hooks';
import {
  JobProgress,
  JobResult,
  NeedsConnection,
  NeedsPermission,
  QueuedNotice,
  screensFor,
  PageActions,
  SiteGlanceLine,
  ServiceSwitch,
  PopupAnnouncer,
} from '@/components/popup/lazy-screens';
import { openOptions } from '@/components/popup/OpenOptionsButton';
import { PageAddress } from '@/components/popup/PageAddress';
import { PageReports } from '@/components/popup/PageReports';
import { ReportForm } from '@/components/popup/ReportForm';
import { Notice } from '@/components/ui/Notice';
import type { SettingsView } from '@/lib/protocol';
import { errorView, type ErrorView } from '@/lib/pages/error-view';
import { useLoadedFirst } from '@/lib/pages/lazy-component';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { popupNeed } from '@/lib/popup/popup-state';
import { usePopup, type PopupStart } from '@/lib/popup/use-popup';
import { useSiteGlance } from '@/lib/popup/use-site-glance';
import { t } from '@/lib/shared/i18n';

const FORM_FIELDS = ['url', 'password', 'privacy'] as const;

export function App({ asked = null }: { asked?: PopupStart | null }) {
  const live = usePopup(asked);
  // What is drawn: the popup's state once the screens it needs are loaded (a few ms, the first time each is needed).
  const popup = { ...live, ...useLoadedFirst({ state: live.state, privacy: live.privacy }, screensFor(live.state, live.privacy)) };
  const { state } = popup;
  const job = state.phase === 'ready' ? state.job : null;
  // Kept for the job's lifetime: the form's countdown restarts whenever this object changes.
  const failure = useMemo(() => (job?.state === 'failed' ? waitLeft(errorView(job.error, FORM_FIELDS), job.startedAt) : null), [job]);

  // data-state: starting → loading → ready, with "cached" between when the last popup's view of the page is shown first.
  return (
    <main class="popup" data-state={state.phase === 'ready' && !state.fresh ? 'cached' : state.phase} data-job={job?.state ?? 'none'}>
      <header class="popup__header">
        <h1>{t('menuReportPage')}</h1>
        {state.phase === 'ready' && state.settings.popupServices && <ServiceSwitch state={state} onChosen={popup.restart} />}
        <button type="button" class="button button--link" onClick={() => void openOptions()}>
          {t('popOptions')}
        </button>
      </header>
      <PageAddress address={state.phase === 'starting' ? undefined : state.address} error={failure?.fields.url} />
      {state.phase === 'starting' || state.phase === 'loading' ? (
        <p class="popup__loading muted" role="status">
          {t('loading')}
        </p>
      ) : state.phase === 'unsupported' ? (
        <>
          <Notice tone="info" message={state.reason} />
          {state.settings && <Need settings={state.settings} onGranted={popup.restart} />}
        </>
      ) : state.phase === 'failed' ? (
        <LoadFailed message={state.error.message} onRetry={popup.restart} />
      ) : (
        <Ready popup={popup} failure={failure} />
      )}
      {state.phase === 'ready' && <PopupAnnouncer state={state} />}
    </main>
  );
}

function Ready({ popup, failure }: { popup: ReturnType<typeof usePopup>; failure: ErrorView | null }) {
  const { state } = popup;
  const glance = useSiteGlance(state.phase === 'ready' ? state.address : null, state.phase === 'ready' && state.fresh && !popupNeed(state.settings));
  if (state.phase !== 'ready') return null;
  const baseUrl = state.settings.baseUrl;
  if (popupNeed(state.settings) || !baseUrl) return <Need settings={state.settings} onGranted={popup.restart} />;
  const { job } = state;
  return (
    <>
      {state.queued && <QueuedNotice entry={state.queued} onCancel={() => void popup.cancelQueued()} />}
      {job?.state === 'running' ? (
        <JobProgress startedAt={job.startedAt} privacy={job.privacy} />
      ) : job?.state === 'done' ? (
        <JobResult report={job.report} baseUrl={baseUrl} tabId={popup.tabId} onDismiss={popup.dismiss} />
      ) : (
        <ReportForm
          privacy={popup.privacy}
          onPrivacy={popup.choosePrivacy}
          password={popup.password}
          onPassword={popup.setPassword}
          onCreate={() => void popup.create()}
          onQueue={() => void popup.queue()}
          error={failure}
          onDismissError={popup.dismiss}
        />
      )}
      <PageReports
        reports={state.reports}
        error={state.reportsError}
        tabId={popup.tabId}
        summariseNewest={job?.state !== 'done'}
        refreshing={!state.fresh}
      >
        {glance && <SiteGlanceLine glance={glance} />}
      </PageReports>
      <PageActions
        address={state.address}
        latest={job?.state === 'running' ? null : job?.state === 'done' ? job.report : (state.reports[0] ?? null)}
        baseUrl={baseUrl}
        tabId={popup.tabId}
        windowId={popup.windowId}
        privacy={state.reports[0]?.privacy}
      />
    </>
  );
}

/** The page's state could not be read: why, and "Try again", which takes the focus (nothing else on screen would). */
function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const retry = useRef<HTMLButtonElement>(null);
  useFocusOnMount(retry);
  return (
    <Notice tone="error" message={message}>
      <button ref={retry} type="button" class="button" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </Notice>
  );
}

/** Connect first, or grant access again: shown on any page, as nothing can be reported before. */
function Need({ settings, onGranted }: { settings: SettingsView; onGranted: () => void }) {
  const need = popupNeed(settings);
  if (need === 'connect') return <NeedsConnection keyForgotten={Boolean(settings.baseUrl && settings.keyForSessionOnly)} />;
  if (need === 'permission' && settings.baseUrl) return <NeedsPermission baseUrl={settings.baseUrl} onGranted={onGranted} />;
  return null;
}

/** A failure found on opening may be old: only what is left of the service's wait is counted down. */
function waitLeft(view: ErrorView, startedAt: number): ErrorView {
  if (view.retryAfterSeconds === null) return view;
  const left = view.retryAfterSeconds - Math.floor((Date.now() - startedAt) / 1000);
  return { ...view, retryAfterSeconds: left > 0 ? left : null };
}
