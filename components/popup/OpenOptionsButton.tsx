import { browser } from 'wxt/browser';

/** Opens the options and lets the popup go. */
export async function openOptions(): Promise<void> {
  await browser.runtime.openOptionsPage();
  window.close();
}

/** Where the fix is in the options. */
export function OpenOptionsButton({ label = 'Open the options' }: { label?: string }) {
  return (
    <button type="button" class="button" onClick={() => void openOptions()}>
      {label}
    </button>
  );
}
