import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/report/report.css';
import { App, firstDraw } from '@/entrypoints/report/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
void firstDraw.then((kept) => render(<App kept={kept} />, document.getElementById('app')!));
