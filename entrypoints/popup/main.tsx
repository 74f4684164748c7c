import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { App } from '@/entrypoints/popup/App';
import { applyPageLanguage } from '@/lib/pages/page-language';
import { askPopupStart } from '@/lib/popup/use-popup';

// Asked first, while the page draws: its tab, and what the last popup on that page showed.
const asked = askPopupStart();
// The page's language and direction, and its name, before anything is drawn.
applyPageLanguage('extName');
render(<App asked={asked} />, document.getElementById('app')!);
