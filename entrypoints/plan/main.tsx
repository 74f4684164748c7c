import { render } from 'preact';
import '@/components/ui/theme.css';
import { App } from '@/entrypoints/plan/App';
import { applyPageLanguage } from '@/lib/pages/page-language';

applyPageLanguage('smTitle');
render(<App />, document.getElementById('app')!);
