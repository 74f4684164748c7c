import { render } from 'preact';
// The page's sheets in cascade order, the shared ones first, as the components import them later than the view's own.
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/ui/dialog.css';
import '@/components/ui/limits.css';
import '@/components/handover/jira-export.css';
import '@/components/report/report.css';
import '@/components/handover/print.css';
import '@/components/site/site.css';
import { App } from '@/entrypoints/site/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
render(<App />, document.getElementById('app')!);
