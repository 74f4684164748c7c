import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/report/report.css';
import '@/components/site/site.css';
import { App } from '@/entrypoints/site/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
render(<App />, document.getElementById('app')!);
