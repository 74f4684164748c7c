import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { App } from '@/entrypoints/popup/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('extName');
render(<App />, document.getElementById('app')!);
