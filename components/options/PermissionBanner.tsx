import { useState } from 'preact/hooks';
import { hostPermissionHelp } from '@/lib/pages/browser-help';
import { requestServiceAccess } from '@/lib/shared/permission';
import { Notice } from '@/components/ui/Notice';
import { t } from '@/lib/shared/i18n';

/** The user (Firefox lets them at any time) took the permission for the service back. */
export function PermissionBanner({ baseUrl, onGranted }: { baseUrl: string; onGranted: () => void }) {
  const [refused, setRefused] = useState(false);
  const host = new URL(baseUrl).host;
  const help = hostPermissionHelp();
  const grant = async () => {
    // Nothing awaited before: the browser shows its prompt only within the click.
    const granted = await requestServiceAccess(baseUrl);
    setRefused(!granted);
    if (granted) onGranted();
  };
  return (
    <Notice
      tone="warning"
      live={false}
      message={t('permissionRevoked', { host })}
      extra={[...(refused ? [t('permissionNotGranted', { host })] : []), ...(help ? [help] : [])]}
    >
      <button type="button" class="button button--primary" onClick={() => void grant()}>
        {t('permissionGrantAgain')}
      </button>
    </Notice>
  );
}
