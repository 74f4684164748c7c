import { ToolbarSettings } from '@/components/options/toolbar-settings/ToolbarSettings';
import { AccountPanel } from '@/components/options/AccountPanel';
import { ConnectionForm } from '@/components/options/ConnectionForm';
import { ServicesPanel } from '@/components/options/ServicesPanel';
import { DefaultPrivacy } from '@/components/options/DefaultPrivacy';
import { HandoverSettings } from '@/components/options/HandoverSettings';
import { PermissionBanner } from '@/components/options/PermissionBanner';
import { QueuePanel } from '@/components/options/QueuePanel';
import { RunsPanel } from '@/components/options/RunsPanel';
import { AddressList } from '@/components/options/AddressList';
import { WatchesPanel } from '@/components/options/watches/lazy-watches';
import { useRuns } from '@/lib/options/use-runs';
import { ReportsManager } from '@/components/options/reports/ReportsManager';
import { Notice } from '@/components/ui/Notice';
import { OptionsFooter } from '@/components/options/OptionsFooter';
import { lazyComponent } from '@/lib/pages/lazy-component';
import { useSettings } from '@/lib/options/use-settings';
import { t } from '@/lib/shared/i18n';
import { useEffect, useState } from 'preact/hooks';

/** Below the fold: loaded after the page's first frame. */
const SiteLimitsSection = lazyComponent(() => import('@/components/options/limits/SiteLimitsSection').then((m) => m.SiteLimitsSection));
const SettingsFileSection = lazyComponent(() => import('@/components/options/settings-file/SettingsFileSection').then((m) => m.SettingsFileSection));
const SettingsSyncSection = lazyComponent(() => import('@/components/options/settings-sync/SettingsSyncSection').then((m) => m.SettingsSyncSection));

export function App() {
  const c = useSettings();
  const { settings } = c;
  const runs = useRuns();
  // Bumped when a settings file is imported: the sections that read their settings once read them again.
  const [imported, setImported] = useState(0);
  // A section named by the address, or reached from the list of sections, takes the focus (after the first frame).
  useEffect(() => void import('@/lib/options/section-focus').then((m) => m.focusSectionsByAddress()), []);
  const revoked = settings?.baseUrl && settings.keySet && !settings.permissionGranted ? settings.baseUrl : null;

  return (
    <main class="options" data-state={settings ? 'ready' : c.loadError ? 'failed' : 'loading'}>
      <header class="options__header">
        <h1>{t('extName')}</h1>
        <nav aria-label={t('optionsSections')}>
          <a href="#connection">{t('optionsConnection')}</a>
          <a href="#reports">{t('optionsReports')}</a>
          <a href="#preferences">{t('optionsPreferences')}</a>
          <a href="#limits">{t('limitsSectionTitle')}</a>
          <a href="#watches">{t('watchHeading')}</a>
          <a href="#settings-file">{t('settingsTransferTitle')}</a>
        </nav>
      </header>
      {c.loadError && <Notice tone="error" message={c.loadError.message} />}
      {!settings ? (
        !c.loadError && (
          <p class="muted" role="status">
            {t('optionsLoading')}
          </p>
        )
      ) : (
        <>
          {settings.managed && settings.managed.ignored.length > 0 && (
            <Notice tone="warning" live={false} message={t('managedIgnored', { names: settings.managed.ignored.join(', ') })} />
          )}
          {revoked && <PermissionBanner baseUrl={revoked} onGranted={() => void c.refresh()} />}
          <div id="connection" class={`options__group${c.account.state === 'none' ? '' : ' options__group--split'}`}>
            <ConnectionForm settings={settings} onSaved={c.saved} onForgotten={c.forgotten} />
            <AccountPanel account={c.account} baseUrl={settings.baseUrl} onRetry={() => void c.loadAccount()} />
          </div>
          <div id="services" class="options__group">
            <ServicesPanel />
          </div>
          <div id="reports" class="options__group">
            <QueuePanel />
            <RunsPanel runs={runs} />
            {c.connected && settings.baseUrl ? (
              <>
                <AddressList defaultPrivacy={settings.preferences.defaultPrivacy} />
                <ReportsManager runsEnded={runs.finishedCount} baseUrl={settings.baseUrl} />
                <WatchesPanel quota={c.account.state === 'ready' ? c.account.account.reportsPerMonth : null} />
              </>
            ) : (
              <div class="card">
                <h2>{t('optionsReports')}</h2>
                <p class="muted">{t('optionsReportsAfterConnect')}</p>
              </div>
            )}
          </div>
          <div id="preferences" class="options__group" key={`preferences-${imported}`}>
            <DefaultPrivacy settings={settings} onSaved={c.setSettings} />
            <div class="card">
              <ToolbarSettings settings={settings} onSaved={c.setSettings} />
            </div>
            <HandoverSettings />
          </div>
          <div id="limits" class="options__group">
            <SiteLimitsSection />
          </div>
          <div id="settings-file" class="options__group">
            <SettingsFileSection
              onApplied={() => {
                setImported((n) => n + 1);
                void c.refresh();
              }}
            />
            <SettingsSyncSection />
          </div>
        </>
      )}
      <OptionsFooter />
    </main>
  );
}
