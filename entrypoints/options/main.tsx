import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/options/options.css';
import { App } from '@/entrypoints/options/App';

render(<App />, document.getElementById('app')!);
