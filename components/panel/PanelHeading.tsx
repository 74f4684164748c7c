import { useRef } from 'preact/hooks';
import { useFocusOnMount } from '@/lib/pages/use-focus-on-mount';
import { t } from '@/lib/shared/i18n';

/**
 * The panel's name, which takes the focus as the panel opens. Drawn once: following a switch of tabs
 * redraws what is below it, and leaves the focus in the page the user is in.
 */
export function PanelHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnMount(heading);
  return (
    <h1 ref={heading} tabIndex={-1} class="panel__title">
      {t('extName')}
    </h1>
  );
}
