import { browser } from 'wxt/browser';

/** Where the fix is in the options: open them and let the popup go. */
export function OpenOptionsButton({ label = 'Open the options' }: { label?: string }) {
  return (
    <button type="button" class="button" onClick={() => void browser.runtime.openOptionsPage().then(() => window.close())}>
      {label}
    </button>
  );
}
