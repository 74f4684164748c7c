import { browser } from 'wxt/browser';
import { t } from '@/lib/shared/i18n';

/** Opens the options and lets the popup go. */
export async function openOptions(): Promise<void> {
  await browser.runtime.openOptionsPage();
  window.close();
}

/** Where the fix is in the options. */
export function OpenOptionsButton({ label = t('reportOpenOptions') }: { label?: string }) {
  return (
    <button type="button" class="button" onClick={() => void openOptions()}>
      {label}
    </button>
  );
}
