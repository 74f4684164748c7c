import { render } from 'preact';
// The page's sheets in cascade order, the shared ones first, as the components import them later than the view's own.
// The printed document's and the dialogs' rules come with the page too, as their code loads after the first frame.
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/ui/dialog.css';
import '@/components/ui/limits.css';
import '@/components/report/report.css';
import '@/components/handover/print.css';
import { App, firstDraw } from '@/entrypoints/report/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
void firstDraw.then((kept) => render(<App kept={kept} />, document.getElementById('app')!));
