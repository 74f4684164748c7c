import { useRef } from 'preact/hooks';
import { useFocusOnMount } from '@/lib/pages/hooks';
import { openOptions } from '@/components/popup/OpenOptionsButton';

/** Not connected yet: one way forward, to the options page. */
export function NeedsConnection() {
  const button = useRef<HTMLButtonElement>(null);
  useFocusOnMount(button);
  return (
    <section class="panel" data-need="connect" aria-labelledby="connect-heading">
      <h2 id="connect-heading">Connect your report service</h2>
      <p>To report pages, the extension needs the address of your report service and your API key. It takes a minute.</p>
      <button ref={button} type="button" class="button button--primary" onClick={openOptions}>
        Open the options to connect
      </button>
    </section>
  );
}
