import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/ui/ui.css';
import '@/components/panel/panel.css';
import { App } from '@/entrypoints/sidepanel/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
render(<App />, document.getElementById('app')!);
