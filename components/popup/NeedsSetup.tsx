import { useRef, useState } from 'preact/hooks';
import { hostPermissionHelp } from '@/lib/pages/browser-help';
import { useFocusOnMount } from '@/lib/pages/hooks';
import { requestServiceAccess } from '@/lib/shared/permission';
import { Notice } from '@/components/ui/Notice';
import { openOptions } from '@/components/popup/OpenOptionsButton';

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
      <h2 id="connect-heading">{keyForgotten ? 'Enter your API key again' : 'Connect your report service'}</h2>
      <p>
        {keyForgotten
          ? 'The key was forgotten when the browser closed, as you chose in the options. Enter it there to report pages again.'
          : 'To report pages, the extension needs the address of your report service and your API key. It takes a minute.'}
      </p>
      <button ref={button} type="button" class="button button--primary" onClick={openOptions}>
        {keyForgotten ? 'Open the options to enter the key' : 'Open the options to connect'}
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
      <h2 id="permission-heading">Access to {host} needed</h2>
      <p>The browser no longer lets the extension reach {host}. It needs this to send your requests to your service, and asks for nothing else.</p>
      {refused && <Notice tone="warning" message={`Access to ${host} was not granted, so no report can be made. Grant it to go on.`} />}
      <button ref={button} type="button" class="button button--primary" onClick={grant}>
        Grant access to {host}
      </button>
      {help && <p class="muted">{help}</p>}
    </section>
  );
}
