import { useEffect } from 'preact/hooks';
import { PanelScreen } from '@/components/panel/PanelScreen';
import { PanelHeading } from '@/components/panel/PanelHeading';
import { useFrontTab } from '@/lib/panel/use-front-tab';
import { t } from '@/lib/shared/i18n';
import { sendForService } from '@/lib/pages/send-to-background';
import { serviceInAddress } from '@/lib/shared/service-bounds';

// Every message the panel sends, and every report it frames, is for the service its address names; an address naming
// none follows the service its window's popup reports to (the default until another is chosen there).
const named = serviceInAddress(location.search);
sendForService(named);

export function App() {
  const { front, windowId } = useFrontTab();
  useEffect(() => {
    document.title = t('extName');
  }, []);
  return (
    <div class="panel" data-front={front.state}>
      <PanelHeading />
      <PanelScreen front={front} popupWindow={named === undefined ? (windowId ?? undefined) : undefined} />
    </div>
  );
}
