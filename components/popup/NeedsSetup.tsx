import { useRef, useState } from 'preact/hooks';
import { hostPermissionHelp } from '@/lib/pages/browser-help';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { requestServiceAccess } from '@/lib/shared/permission';
import { Notice } from '@/components/ui/Notice';
import { openOptions } from '@/components/popup/OpenOptionsButton';
import { t } from '@/lib/shared/i18n';

/**
 * What the popup asks for before a report can be made: connecting the
 * extension in the options, or granting access to the service again.
 * Loaded only when the popup must show it (components/popup/lazy-screens.ts).
 */

/** Not connected yet (or the key went with the browser, as the user chose): one way forward, to the options page. */
export function NeedsConnection({ keyForgotten }: { keyForgotten: boolean }) {
  const button = useRef<HTMLButtonElement>(null);
  useFocusOnMount(button);
  return (
    <section class="panel" data-need="connect" aria-labelledby="connect-heading">
      <h2 id="connect-heading">{keyForgotten ? t('popKeyAgain') : t('popConnect')}</h2>
      <p>{keyForgotten ? t('popKeyAgainText') : t('popConnectText')}</p>
      <button ref={button} type="button" class="button button--primary" onClick={openOptions}>
        {keyForgotten ? t('popKeyAgainButton') : t('popConnectButton')}
      </button>
    </section>
  );
}

/** The user (or the browser) took the permission back: say so, and ask again from the click itself. */
export function NeedsPermission({ baseUrl, onGranted }: { baseUrl: string; onGranted: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [refused, setRefused] = useState(false);
  useFocusOnMount(button);
  const host = new URL(baseUrl).host;
  const help = hostPermissionHelp();
  const grant = async () => {
    if (await requestServiceAccess(baseUrl)) onGranted();
    else setRefused(true);
  };
  return (
    <section class="panel" data-need="permission" aria-labelledby="permission-heading">
      <h2 id="permission-heading">{t('popAccessNeeded', { host })}</h2>
      <p>{t('popAccessText', { host })}</p>
      {refused && <Notice tone="warning" message={t('popAccessRefused', { host })} />}
      <button ref={button} type="button" class="button button--primary" onClick={grant}>
        {t('popGrant', { host })}
      </button>
      {help && <p class="muted">{help}</p>}
    </section>
  );
}
