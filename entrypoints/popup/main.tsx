import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/popup/popup.css';
import { App } from '@/entrypoints/popup/App';

render(<App />, document.getElementById('app')!);
