import { useState } from 'preact/hooks';
import { Dialog } from '@/components/ui/Dialog';
import { Notice } from '@/components/ui/Notice';
import { lazyComponent } from '@/lib/pages/lazy-component';
import type { SiteLimitsSource } from '@/lib/pages/use-site-limits';
import { sendToBackground } from '@/lib/pages/send-to-background';
import { t } from '@/lib/shared/i18n';

/** Loaded on the first press of "Limits". */
const LimitsEditor = lazyComponent(() => import('@/components/options/limits/LimitsEditor').then((m) => m.LimitsEditor));

/** The site view's "Limits" action: the site's limits editor in a dialog; the focus goes back to the button. */
export function SiteLimitsButton({ project, source }: { project: string; source: SiteLimitsSource }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" class="button" data-action="limits" disabled={!source.state} onClick={() => setOpen(true)}>
        {t('siteLimitsEdit')}
      </button>
      {open && source.state && (
        <Dialog title={t('limitsEditorTitle', { project })} onClose={() => setOpen(false)}>
          {(close, ids) => (
            <div class="dialog__body">
              <p id={ids.description} class="muted">
                {t('limitsSectionIntro')}
              </p>
              {source.error && <Notice tone="error" message={source.error.message} />}
              <LimitsEditor
                project={project}
                limits={source.state!.limits[project]}
                onSave={(limits) => source.act(() => sendToBackground('saveSiteLimits', { project, limits }))}
                onDone={close}
              />
            </div>
          )}
        </Dialog>
      )}
    </>
  );
}
