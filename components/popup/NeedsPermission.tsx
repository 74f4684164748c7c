import { useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { originPattern } from '@/lib/shared/permission';
import { useFocusOnMount } from '@/lib/pages/hooks';
import { Notice } from '@/components/ui/Notice';

/** The user (or the browser) took the permission back: say so, and ask again from the click itself. */
export function NeedsPermission({ baseUrl, onGranted }: { baseUrl: string; onGranted: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [refused, setRefused] = useState(false);
  useFocusOnMount(button);
  const host = new URL(baseUrl).host;
  const grant = async () => {
    // No await before this call: the browser only shows its prompt inside the user's click.
    const granted = await browser.permissions.request({ origins: [originPattern(baseUrl)] }).catch(() => false);
    if (granted) onGranted();
    else setRefused(true);
  };
  return (
    <section class="panel" data-need="permission" aria-labelledby="permission-heading">
      <h2 id="permission-heading">Access to {host} needed</h2>
      <p>
        The browser no longer lets the extension reach {host}. It needs this to send your requests to your service, and asks for nothing else.
      </p>
      {refused && <Notice tone="warning" message={`Access to ${host} was not granted, so no report can be made. Grant it to go on.`} />}
      <button ref={button} type="button" class="button button--primary" onClick={grant}>
        Grant access to {host}
      </button>
    </section>
  );
}
