import { render } from 'preact';
import '@/components/ui/shared-styles';
import '@/components/report/report.css';
// The printed document's rules come with the page, as its code loads after the first frame.
import '@/components/handover/print.css';
import { App, firstDraw } from '@/entrypoints/report/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
void firstDraw.then((kept) => render(<App kept={kept} />, document.getElementById('app')!));
