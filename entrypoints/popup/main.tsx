import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { App } from '@/entrypoints/popup/App';
import { applyPageLanguage } from '@/lib/pages/page-language';
import { askPopupStart } from '@/lib/popup/use-popup';

// Asked first: the background finds the tab and reads its cache while the page draws.
const asked = askPopupStart();
asked.catch(() => undefined); // heard by the app, which may draw a moment later
// The page's language and direction, and its name, before anything is drawn.
applyPageLanguage('extName');
render(<App asked={asked} />, document.getElementById('app')!);
