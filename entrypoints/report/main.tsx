import { render } from 'preact';
import '@/components/ui/theme.css';
import '@/components/report/report.css';
import { App } from '@/entrypoints/report/App';

render(<App />, document.getElementById('app')!);
