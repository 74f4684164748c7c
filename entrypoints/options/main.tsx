import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/options/options.css';
import { App } from '@/entrypoints/options/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('pageTitleOptions');
render(<App />, document.getElementById('app')!);
