import { render } from 'preact';
import '@/components/ui/shared-styles';
// Then the sheets of the parts it draws, in the order the shared build loaded them.
import '@/components/handover/jira-export.css';
import '@/components/report/report.css';
import '@/components/handover/print.css';
import '@/components/site/site.css';
import { App } from '@/entrypoints/site/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
render(<App />, document.getElementById('app')!);
