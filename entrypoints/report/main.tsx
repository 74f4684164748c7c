import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/report/report.css';
// The printed document's and the dialogs' rules come with the page, as their code loads after the first frame.
import '@/components/handover/print.css';
import '@/components/ui/dialog.css';
import { App, firstDraw } from '@/entrypoints/report/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
void firstDraw.then((kept) => render(<App kept={kept} />, document.getElementById('app')!));
