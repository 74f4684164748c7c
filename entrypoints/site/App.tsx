import { useEffect } from 'preact/hooks';
import { SiteViewScreen } from '@/components/site/SiteViewScreen';
import { useSiteSummary } from '@/lib/site/use-site-summary';
import { readSiteViewProject, readSiteViewService } from '@/lib/site/site-view-project';
import { t } from '@/lib/shared/i18n';
import { sendForService } from '@/lib/pages/send-to-background';

const project = readSiteViewProject(location.search);
// Every message of the view is for the site's service.
sendForService(readSiteViewService(location.search));

export function App() {
  const loaded = useSiteSummary(project);
  useEffect(() => {
    document.title = project ? t('pageTitleSite', { project }) : t('extName');
  }, []);
  return <SiteViewScreen project={project} loaded={loaded} />;
}
