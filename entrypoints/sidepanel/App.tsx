import { useEffect } from 'preact/hooks';
import { PanelScreen } from '@/components/panel/PanelScreen';
import { PanelHeading } from '@/components/panel/PanelHeading';
import { useFrontTab } from '@/lib/panel/use-front-tab';
import { t } from '@/lib/shared/i18n';
import { sendForService } from '@/lib/pages/send-to-background';
import { serviceInAddress } from '@/lib/shared/service-bounds';

// Every message the panel sends, and every report it frames, is for the service its address names (else the default).
sendForService(serviceInAddress(location.search));

export function App() {
  const { front } = useFrontTab();
  useEffect(() => {
    document.title = t('extName');
  }, []);
  return (
    <div class="panel" data-front={front.state}>
      <PanelHeading />
      <PanelScreen front={front} />
    </div>
  );
}
