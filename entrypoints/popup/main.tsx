import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { App } from '@/entrypoints/popup/App';
import { afterPaint } from '@/lib/pages/after-paint';
import { applyPageLanguage } from '@/lib/pages/page-language';
import { askPopupStart } from '@/lib/popup/use-popup';

// Asked first: the background finds the tab and reads its cache while the browser paints the shell.
const asked = askPopupStart();
asked.catch(() => undefined); // heard by the app, which may draw a moment later
// The page's language and direction, and its name, before anything is drawn.
applyPageLanguage('extName');
const draw = () => render(<App asked={asked} />, document.getElementById('app')!);
// popup.html's prerendered shell paints first (the first contentful paint); the app adopts it right after.
void afterPaint().then(draw);
